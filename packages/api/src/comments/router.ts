import { router } from '../trpc'
import { publicCommentProcedures } from './public-router'
import { adminCommentProcedures } from './admin-router'

export const commentsRouter = router({ ...publicCommentProcedures, ...adminCommentProcedures })
