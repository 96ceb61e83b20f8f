import { z } from 'zod'
import type { AppDeps } from '../deps'
import { UnavailableError } from '../errors'
import { adminProcedure, router } from '../trpc'
import type { ImportJobs } from './jobs'
import { checkImportInput, importJob, importLimits, importJobIdInput, transferMessages } from './schema'

const jobsOf = (deps: AppDeps): ImportJobs => {
  if (!deps.importJobs) throw new UnavailableError(transferMessages.unavailable)
  return deps.importJobs
}

/**
 * The import writes in the background, after `start` has answered: what a write through a procedure refreshes
 * by itself is refreshed here (the map's index; the scheduler, which may now have an earlier post due).
 */
function afterImport(deps: AppDeps) {
  deps.places.index.invalidate()
  deps.scheduler?.wake()
}

/**
 * Admin → Settings → Import/Export, after the upload (a REST multipart path): the dry run, the import, and the
 * state the screen polls for its progress bar and report.
 */
export const transferRouter = router({
  limits: adminProcedure
    .output(importLimits)
    .query(({ ctx }) => ({ upload_max_mb: Math.round((jobsOf(ctx.deps).maxBytes / 1048576) * 100) / 100 })),
  status: adminProcedure
    .input(importJobIdInput)
    .output(importJob)
    .query(({ ctx, input }) => jobsOf(ctx.deps).status(input.id)),
  check: adminProcedure
    .input(checkImportInput)
    .output(importJob)
    .mutation(({ ctx, input }) =>
      jobsOf(ctx.deps).check(ctx.deps, input.id, {
        site_url: input.site_url,
        include_pages: input.include_pages,
        publish: input.publish,
        ownerId: ctx.user.id,
      }),
    ),
  start: adminProcedure
    .input(importJobIdInput)
    .output(importJob)
    .mutation(({ ctx, input }) => jobsOf(ctx.deps).start(ctx.deps, input.id, ctx.user.id, () => afterImport(ctx.deps))),
  discard: adminProcedure
    .input(importJobIdInput)
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await jobsOf(ctx.deps).discard(input.id)
      return { id: input.id }
    }),
})
