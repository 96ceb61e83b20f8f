import { router } from '../trpc'
import { publicPostProcedures } from './public-router'
import { adminPostProcedures } from './admin-router'
import { previewPostProcedures } from './preview-router'

// Visitors' reading procedures and the owner's authoring procedures live apart; one `posts` namespace.
export const postsRouter = router({ ...publicPostProcedures, ...adminPostProcedures, ...previewPostProcedures })
