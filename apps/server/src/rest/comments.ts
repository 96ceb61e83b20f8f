import { HONEYPOT_FIELD, messages, type CommentStatusFilter, type ModerationAction } from '@wayfarer/api'
import { numberParam, type RestRoute } from './route'

// JSON bodies may carry ids as numbers or numeric strings; anything else becomes NaN, which the schema refuses.
const numberField = (value: unknown): number =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
const textField = (value: unknown): string => (typeof value === 'string' ? value : '')
const optionalText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
// An unknown action is passed through as typed so the procedure answers 400 with its message.
const actionField = (value: unknown) => textField(value) as ModerationAction

export const commentRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/comments/post/:postId',
    handle: async (api, req) => ({
      data: await api.comments.forPost({
        post_id: numberField(req.params.postId),
        page: numberParam(req.query.page),
        limit: numberParam(req.query.limit),
      }),
    }),
  },
  {
    method: 'POST',
    url: '/api/comments/submit',
    handle: async (api, req) => ({
      data: await api.comments.submit({
        post_id: numberField(req.body.post_id),
        author_name: textField(req.body.author_name),
        author_email: textField(req.body.author_email),
        author_website: optionalText(req.body.author_website),
        content: textField(req.body.content),
        [HONEYPOT_FIELD]: optionalText(req.body[HONEYPOT_FIELD]),
      }),
      message: messages.comment.submitted,
    }),
  },
  {
    method: 'GET',
    url: '/api/comments/admin',
    handle: async (api, req) => ({
      data: await api.comments.adminList({
        status: (req.query.status || undefined) as CommentStatusFilter | undefined,
        page: numberParam(req.query.page),
        limit: numberParam(req.query.limit),
      }),
    }),
  },
  {
    method: 'POST',
    url: '/api/comments/moderate',
    handle: async (api, req) => ({
      data: await api.comments.moderate({ comment_id: numberField(req.body.comment_id), action: actionField(req.body.action) }),
    }),
  },
  {
    method: 'POST',
    url: '/api/comments/moderate/bulk',
    handle: async (api, req) => ({
      data: await api.comments.moderateBulk({
        comment_ids: Array.isArray(req.body.comment_ids) ? req.body.comment_ids.map(numberField) : [],
        action: actionField(req.body.action),
      }),
    }),
  },
  {
    method: 'DELETE',
    url: '/api/comments/:id',
    handle: async (api, req) => ({ data: await api.comments.delete({ id: numberField(req.params.id) }) }),
  },
]
