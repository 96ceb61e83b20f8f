import { z } from 'zod'
import { adminProcedure, publicProcedure, router } from '../trpc'
import { loginInput, loginOutput, publicUser } from './schema'
import { login, logout } from './service'

export const authRouter = router({
  login: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/auth/login', summary: 'Sign in: answers a bearer token' },
      unbatched: true,
    })
    .input(loginInput)
    .output(loginOutput)
    .mutation(({ ctx, input }) => login(ctx.deps, input, ctx.ip)),
  logout: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/logout', summary: 'Sign out: ends this session' } })
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx }) => {
      await logout(ctx.deps, ctx.bearerToken ?? '')
      return { ok: true as const }
    }),
  me: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/auth/me', summary: 'The signed-in owner' } })
    .output(publicUser)
    .query(({ ctx }) => ctx.user),
})
