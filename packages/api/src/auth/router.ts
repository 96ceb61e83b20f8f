import { z } from 'zod'
import { adminProcedure, publicProcedure, router } from '../trpc'
import { loginInput, loginOutput, publicUser } from './schema'
import { login, logout } from './service'

export const authRouter = router({
  login: publicProcedure
    .meta({ unbatched: true })
    .input(loginInput)
    .output(loginOutput)
    .mutation(({ ctx, input }) => login(ctx.deps, input, ctx.ip)),
  logout: adminProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
    await logout(ctx.deps, ctx.bearerToken ?? '')
    return { ok: true as const }
  }),
  me: adminProcedure.output(publicUser).query(({ ctx }) => ctx.user),
})
