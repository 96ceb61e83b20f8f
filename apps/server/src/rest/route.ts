import type { appRouter } from '@wayfarer/api'

/** The typed server-side caller a REST route uses to reach its procedure. */
export type Api = ReturnType<typeof appRouter.createCaller>

export interface UploadedFile {
  data: Buffer
  filename: string
  mimetype: string
}

export interface RestRequest {
  params: Record<string, string>
  query: Record<string, string | undefined>
  body: Record<string, unknown>
  /** Set on `multipart` routes: the uploaded file field (`image`, or the route's `fileField`). */
  file?: UploadedFile | undefined
}

/** What a route returns; the adapter adds `success: true`. */
export interface RestResult {
  data?: unknown
  pagination?: unknown
  message?: string
}

/**
 * One documented REST path of SPEC.md §7, mapped onto a tRPC procedure. The procedure does validation and
 * authorisation; the route only moves fields between the URL/body and the procedure's input.
 */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  /** An owner-only upload: the session is checked before the multipart body is read. */
  multipart?: boolean
  /** The multipart field holding the file; `image` unless said otherwise. */
  fileField?: string
  handle: (api: Api, request: RestRequest) => Promise<RestResult>
}

/** A query-string number: undefined when absent, NaN (rejected by the procedure's schema) when malformed. */
export const numberParam = (value: string | undefined): number | undefined =>
  value === undefined || value === '' ? undefined : Number(value)
