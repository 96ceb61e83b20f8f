import { z } from 'zod'
import { adminProcedure, router } from '../trpc'
import {
  redirectIdInput,
  redirectItem,
  redirectsInput,
  redirectsOutput,
  saveRedirectInput,
  updateRedirectInput,
} from './schema'
import { createRedirect, deleteRedirect, listRedirects, updateRedirect } from './service'

/** Admin → Settings → Redirects: old addresses answered with 301. */
export const redirectsRouter = router({
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/redirects',
        summary: 'Redirects, paged',
        data: 'redirects',
        pagination: 'pagination',
      },
    })
    .input(redirectsInput)
    .output(redirectsOutput)
    .query(({ ctx, input }) => listRedirects(ctx.deps, input)),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/redirects', summary: 'Add a redirect' } })
    .input(saveRedirectInput)
    .output(redirectItem)
    .mutation(({ ctx, input }) => createRedirect(ctx.deps, input)),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/redirects/:id', summary: 'Change a redirect' } })
    .input(updateRedirectInput)
    .output(redirectItem)
    .mutation(({ ctx, input }) => updateRedirect(ctx.deps, input)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/redirects/:id', summary: 'Delete a redirect' } })
    .input(redirectIdInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => deleteRedirect(ctx.deps, input.id)),
})
