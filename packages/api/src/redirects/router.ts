import { z } from 'zod'
import { adminProcedure, router } from '../trpc'
import { redirectIdInput, redirectItem, redirectsInput, redirectsOutput, saveRedirectInput, updateRedirectInput } from './schema'
import { createRedirect, deleteRedirect, listRedirects, updateRedirect } from './service'

/** Admin → Settings → Redirects: old addresses answered with 301. */
export const redirectsRouter = router({
  list: adminProcedure.input(redirectsInput).output(redirectsOutput).query(({ ctx, input }) => listRedirects(ctx.deps, input)),
  create: adminProcedure.input(saveRedirectInput).output(redirectItem).mutation(({ ctx, input }) => createRedirect(ctx.deps, input)),
  update: adminProcedure.input(updateRedirectInput).output(redirectItem).mutation(({ ctx, input }) => updateRedirect(ctx.deps, input)),
  delete: adminProcedure.input(redirectIdInput).output(z.object({ id: z.number() })).mutation(({ ctx, input }) => deleteRedirect(ctx.deps, input.id)),
})
