import { useRef, useState, type ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Button, Card } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import type { PostStatusValue } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'
import { RichTextEditor } from '../editor/rich-text-editor'
import { isDocumentEmpty } from '../editor/html'
import { AiAssistant } from './ai-assistant'
import { ExcerptField } from './excerpt-field'
import { FeaturedImage } from './featured-image'
import { postPayload, type PostFormValues } from './post-form-state'
import { StatusBadge } from './status-badge'

interface Props {
  /** Absent on /admin/posts/new: upload and AI stay disabled until the post has been saved. */
  post?: { id: number; status: PostStatusValue }
  initial: PostFormValues
}

/** SPEC.md §2 Create post / Edit post. After saving, go to /admin/posts. */
export function PostForm({ post, initial }: Props) {
  const navigate = useNavigate()
  const [values, setValues] = useState(initial)
  const [preview, setPreview] = useState(false)
  const insertRef = useRef<((text: string) => void) | null>(null)
  const categories = trpc.taxonomy.categories.useQuery()
  const tags = trpc.taxonomy.tags.useQuery()
  const create = trpc.posts.create.useMutation()
  const update = trpc.posts.update.useMutation()
  const utils = trpc.useUtils()
  const saving = create.isPending || update.isPending
  const postId = post?.id ?? null
  const incomplete = !values.title.trim() || isDocumentEmpty(values.content)
  const set = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) => setValues((v) => ({ ...v, [key]: value }))
  const context = {
    title: values.title || undefined,
    category: categories.data?.find((c) => c.id === values.category_id)?.name,
    location: values.location_name || undefined,
  }

  async function save(status?: PostStatusValue) {
    try {
      if (post) await update.mutateAsync({ id: post.id, ...postPayload(values, status) })
      else await create.mutateAsync(postPayload(values, status ?? 'draft'))
      await utils.posts.invalidate()
      await utils.dashboard.invalidate()
      await navigate({ to: '/admin/posts' })
    } catch {
      window.alert(post ? messages.posts.updateFailed : messages.posts.createFailed)
    }
  }

  return (
    <div className="space-y-6 pb-24">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Link to="/admin/posts" className="rounded-lg px-2 py-1 text-sm text-gray-600 hover:bg-gray-100">
            ← Back to posts
          </Link>
          <h2 className="text-2xl font-bold text-gray-900">{post ? 'Edit Post' : 'Create New Post'}</h2>
          {post && <StatusBadge status={post.status} />}
        </div>
        <Button variant="secondary" onClick={() => setPreview((v) => !v)}>
          {preview ? 'Hide Preview' : 'Preview'}
        </Button>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card className="space-y-5 p-6">
            <Field label="Title" htmlFor="title">
              <input id="title" value={values.title} onChange={(e) => set('title', e.target.value)} placeholder="Post title" className={inputClass} />
            </Field>
            <div className={preview ? 'hidden' : ''}>
              <span className="mb-1 block text-sm font-medium text-gray-700">Content</span>
              <RichTextEditor initialHtml={initial.content} onChange={(html) => set('content', html)} insertRef={insertRef} />
            </div>
            {preview && (
              <article aria-label="Preview" className="prose max-w-none rounded-lg border border-dashed border-gray-300 p-4">
                <h1>{values.title}</h1>
                {/* The owner's own content as the editor serialised it; the server sanitises it again on save. */}
                <div dangerouslySetInnerHTML={{ __html: values.content }} />
              </article>
            )}
            <ExcerptField value={values.excerpt} onChange={(v) => set('excerpt', v)} content={values.content} postId={postId} context={context} />
            {postId === null && <p className="text-sm text-gray-500">Save the post as a draft to enable AI content generation and image upload.</p>}
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Location" htmlFor="location_name">
                <input id="location_name" value={values.location_name} onChange={(e) => set('location_name', e.target.value)} className={inputClass} />
              </Field>
              <Field label="Region" htmlFor="location_region">
                <input id="location_region" value={values.location_region} onChange={(e) => set('location_region', e.target.value)} className={inputClass} />
              </Field>
              <Field label="Country" htmlFor="location_country">
                <input id="location_country" value={values.location_country} onChange={(e) => set('location_country', e.target.value)} className={inputClass} />
              </Field>
            </div>
          </Card>
        </div>

        <div className="space-y-6">
          <Card className="space-y-3 p-6">
            <h3 className="font-semibold text-gray-900">{post ? 'Update' : 'Publish'}</h3>
            {post ? (
              <>
                <Button className="w-full" disabled={saving || incomplete} onClick={() => void save()}>
                  Save Changes
                </Button>
                {post.status === 'draft' && (
                  <Button variant="secondary" className="w-full" disabled={saving || incomplete} onClick={() => void save('published')}>
                    Publish Now
                  </Button>
                )}
                {post.status === 'published' && (
                  <Button variant="secondary" className="w-full" disabled={saving} onClick={() => void save('draft')}>
                    Unpublish
                  </Button>
                )}
              </>
            ) : (
              <>
                <Button variant="secondary" className="w-full" disabled={saving || incomplete} onClick={() => void save('draft')}>
                  Save as Draft
                </Button>
                <Button className="w-full" disabled={saving || incomplete} onClick={() => void save('published')}>
                  Publish Now
                </Button>
              </>
            )}
          </Card>

          <Card className="space-y-4 p-6">
            <Field label="Category" htmlFor="category">
              <select id="category" value={values.category_id ?? ''} onChange={(e) => set('category_id', e.target.value ? Number(e.target.value) : null)} className={inputClass}>
                <option value="">Select a category</option>
                {categories.data?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </Field>
            <fieldset>
              <legend className="text-sm font-medium text-gray-700">Tags</legend>
              <div className="mt-2 flex max-h-48 flex-wrap gap-x-4 gap-y-2 overflow-y-auto">
                {tags.data?.map((t) => (
                  <label key={t.id} className="flex items-center gap-2 text-sm text-gray-700">
                    <input
                      type="checkbox"
                      checked={values.tags.includes(t.id)}
                      onChange={(e) => set('tags', e.target.checked ? [...values.tags, t.id] : values.tags.filter((id) => id !== t.id))}
                    />
                    {t.name}
                  </label>
                ))}
              </div>
            </fieldset>
          </Card>

          <Card className="p-6">
            <h3 className="mb-3 font-semibold text-gray-900">Featured Image</h3>
            <FeaturedImage
              postId={postId}
              url={values.featured_image}
              alt={values.featured_image_alt}
              showUrlField={post !== undefined}
              onUrl={(url) => set('featured_image', url)}
              onAlt={(alt) => set('featured_image_alt', alt)}
            />
          </Card>

          <Card className="space-y-4 p-6">
            <h3 className="font-semibold text-gray-900">SEO</h3>
            <Field label="Meta title" htmlFor="meta_title">
              <input id="meta_title" value={values.meta_title} onChange={(e) => set('meta_title', e.target.value)} placeholder="Defaults to the title" className={inputClass} />
            </Field>
            <Field label="Meta description" htmlFor="meta_description">
              <textarea id="meta_description" value={values.meta_description} onChange={(e) => set('meta_description', e.target.value)} rows={3} placeholder="Defaults to the excerpt" className={inputClass} />
            </Field>
          </Card>
        </div>
      </div>
      <AiAssistant postId={postId} context={context} onGenerated={(text) => insertRef.current?.(text)} />
    </div>
  )
}

const inputClass = 'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-teal-600 focus:outline-none'

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
    </div>
  )
}
