import { z } from 'zod'
import { publicProcedure, router } from '../trpc'
import { publicCategory, publicTag } from './schema'
import { listCategories, listTags } from './service'

// Public: the editor's selects and the blog's chips both read these without a token (SPEC.md §6).
export const taxonomyRouter = router({
  categories: publicProcedure.output(z.array(publicCategory)).query(({ ctx }) => listCategories(ctx.deps)),
  tags: publicProcedure.output(z.array(publicTag)).query(({ ctx }) => listTags(ctx.deps)),
})
