import { z } from 'zod'
import { publicProcedure, router } from '../trpc'
import { categoryBySlugInput, publicCategory, publicTag } from './schema'
import { findCategory, listCategories, listTags } from './service'

// Public: the editor's selects and the blog's chips both read these without a token.
export const taxonomyRouter = router({
  categories: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/categories', summary: 'Categories with their story counts' } })
    .output(z.array(publicCategory))
    .query(({ ctx }) => listCategories(ctx.deps)),
  category: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/categories/:slug', summary: 'One category with its story count' } })
    .input(categoryBySlugInput)
    .output(publicCategory)
    .query(({ ctx, input }) => findCategory(ctx.deps, input.slug)),
  tags: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/tags', summary: 'Tags with their story counts' } })
    .output(z.array(publicTag))
    .query(({ ctx }) => listTags(ctx.deps)),
})
