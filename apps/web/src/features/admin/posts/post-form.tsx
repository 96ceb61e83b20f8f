import { useMemo, useRef, useState, type ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Button, Card } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { hasStoryContent, type PhotoPlaceSuggestion, type PostStatusValue } from '@wayfarer/api/schemas'
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { trpc } from '../../../lib/trpc'
import { categoriesQuery } from '../../blog/queries'
import { tagsQuery } from './queries'
import { RichTextEditor } from '../editor/rich-text-editor'
import { AiAssistant } from './ai-assistant'
import { ExcerptField } from './excerpt-field'
import { FeaturedImage } from './featured-image'
import { postPayload, type PostFormValues } from './post-form-state'
import { StatusBadge } from './status-badge'
import { useUnsavedChangesGuard } from './unsaved-changes'
import { useToast } from '../shell/toast-host'
import { STORY_TITLE_CLASS, StoryBody } from '../../post/story-body'
import { ScheduleBox } from './schedule-box'
import { PlaceCard } from './place-card'

interface Props {
  /** Absent on /admin/posts/new: upload and AI stay disabled until the post has been saved. */
  post?: { id: number; status: PostStatusValue; publishedAt?: string | null }
  initial: PostFormValues
}

/** SPEC.md §2 Create post / Edit post. After saving, go to /admin/posts. */
export function PostForm({ post, initial }: Props) {
  const navigate = useNavigate()
  const [values, setValues] = useState(initial)
  const [preview, setPreview] = useState(false)
  const [placeOffer, setPlaceOffer] = useState<PhotoPlaceSuggestion | null>(null)
  const insertRef = useRef<((text: string) => void) | null>(null)
  const categories = useQuery(categoriesQuery())
  const tags = useQuery(tagsQuery())
  const create = useMutation(trpc.posts.create.mutationOptions())
  const update = useMutation(trpc.posts.update.mutationOptions())
  const queryClient = useQueryClient()
  const saving = create.isPending || update.isPending
  const postId = post?.id ?? null
  const incomplete = !values.title.trim() || !hasStoryContent(values.content)
  const changed = useMemo(() => JSON.stringify(values) !== JSON.stringify(initial), [values, initial])
  const guard = useUnsavedChangesGuard(changed)
  const toast = useToast()
  const set = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }))
  const context = {
    title: values.title || undefined,
    category: categories.data?.find((c) => c.id === values.category_id)?.name,
    location: values.location_name || undefined,
  }

  async function save(status?: PostStatusValue, publishAt?: string) {
    const when = publishAt ? { published_at: publishAt } : {}
    try {
      if (post) await update.mutateAsync({ id: post.id, ...postPayload(values, status), ...when })
      else await create.mutateAsync({ ...postPayload(values, status ?? 'draft'), ...when })
    } catch {
      window.alert(post ? messages.posts.updateFailed : messages.posts.createFailed)
      return
    }
    toast({ text: savedMessage(values.title, post?.status, status) })
    guard.allowLeaving()
    await queryClient.invalidateQueries(trpc.posts.pathFilter())
    await queryClient.invalidateQueries(trpc.dashboard.pathFilter())
    await navigate({ to: '/admin/posts' })
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Link to="/admin/posts" className="rounded-lg px-2 py-1 text-sm text-gray-600 hover:bg-gray-100">
            ← Back to posts
          </Link>
          <h2 className="text-2xl font-bold text-gray-900">{post ? 'Edit Post' : 'Create New Post'}</h2>
          {post && <StatusBadge status={post.status} />}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => setPreview((v) => !v)}>
            {preview ? 'Hide Preview' : 'Preview'}
          </Button>
          <AiAssistant postId={postId} context={context} onGenerated={(text) => insertRef.current?.(text)} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card className="space-y-5 p-6">
            <Field label="Title" htmlFor="title">
              <input
                id="title"
                value={values.title}
                onChange={(e) => set('title', e.target.value)}
                placeholder="Post title"
                className={inputClass}
              />
            </Field>
            <div className={preview ? 'hidden' : ''}>
              <span className="mb-1 block text-sm font-medium text-gray-700">Content</span>
              <RichTextEditor
                initialHtml={initial.content}
                onChange={(html) => set('content', html)}
                insertRef={insertRef}
              />
            </div>
            {preview && (
              <article aria-label="Preview" className="rounded-lg border border-dashed border-gray-300 p-4 sm:p-6">
                {/* The public page's title style; an h2 here, under the editor's own heading. */}
                <h2 className={STORY_TITLE_CLASS}>{values.title}</h2>
                {values.excerpt && <p className="mt-6 text-xl leading-relaxed text-gray-700">{values.excerpt}</p>}
                <StoryBody html={values.content} className="mt-6" />
              </article>
            )}
            <ExcerptField
              value={values.excerpt}
              onChange={(v) => set('excerpt', v)}
              content={values.content}
              postId={postId}
              context={context}
            />
            {postId === null && (
              <p className="text-sm text-gray-500">
                Save the post as a draft to enable AI content generation and image upload.
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Location" htmlFor="location_name">
                <input
                  id="location_name"
                  value={values.location_name}
                  onChange={(e) => set('location_name', e.target.value)}
                  className={inputClass}
                />
              </Field>
              <Field label="Region" htmlFor="location_region">
                <input
                  id="location_region"
                  value={values.location_region}
                  onChange={(e) => set('location_region', e.target.value)}
                  className={inputClass}
                />
              </Field>
              <Field label="Country" htmlFor="location_country">
                <input
                  id="location_country"
                  value={values.location_country}
                  onChange={(e) => set('location_country', e.target.value)}
                  className={inputClass}
                />
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
                {(post.status === 'draft' || post.status === 'scheduled') && (
                  <Button
                    variant="secondary"
                    className="w-full"
                    disabled={saving || incomplete}
                    onClick={() => void save('published')}
                  >
                    Publish Now
                  </Button>
                )}
                {(post.status === 'published' || post.status === 'scheduled') && (
                  <Button variant="secondary" className="w-full" disabled={saving} onClick={() => void save('draft')}>
                    {post.status === 'scheduled' ? 'Unschedule' : 'Unpublish'}
                  </Button>
                )}
                {(post.status === 'draft' || post.status === 'scheduled') && (
                  <ScheduleBox
                    scheduledAt={post.status === 'scheduled' ? post.publishedAt : null}
                    disabled={saving || incomplete}
                    onSchedule={(at) => void save('scheduled', at)}
                  />
                )}
              </>
            ) : (
              <>
                <Button
                  variant="secondary"
                  className="w-full"
                  disabled={saving || incomplete}
                  onClick={() => void save('draft')}
                >
                  Save as Draft
                </Button>
                <Button className="w-full" disabled={saving || incomplete} onClick={() => void save('published')}>
                  Publish Now
                </Button>
                <ScheduleBox disabled={saving || incomplete} onSchedule={(at) => void save('scheduled', at)} />
              </>
            )}
          </Card>

          <Card className="space-y-4 p-6">
            <Field label="Category" htmlFor="category">
              <select
                id="category"
                value={values.category_id ?? ''}
                onChange={(e) => set('category_id', e.target.value ? Number(e.target.value) : null)}
                className={inputClass}
              >
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
                      onChange={(e) =>
                        set('tags', e.target.checked ? [...values.tags, t.id] : values.tags.filter((id) => id !== t.id))
                      }
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
              onPlaceSuggestion={setPlaceOffer}
            />
          </Card>

          <PlaceCard
            postId={postId}
            point={{ latitude: values.latitude, longitude: values.longitude, country_code: values.country_code }}
            offer={placeOffer}
            onOfferDone={() => setPlaceOffer(null)}
            onChange={(change) => setValues((v) => ({ ...v, ...change }))}
          />

          <Card className="space-y-4 p-6">
            <h3 className="font-semibold text-gray-900">SEO</h3>
            <Field label="Meta title" htmlFor="meta_title">
              <input
                id="meta_title"
                value={values.meta_title}
                onChange={(e) => set('meta_title', e.target.value)}
                placeholder="Defaults to the title"
                className={inputClass}
              />
            </Field>
            <Field label="Meta description" htmlFor="meta_description">
              <textarea
                id="meta_description"
                value={values.meta_description}
                onChange={(e) => set('meta_description', e.target.value)}
                rows={3}
                placeholder="Defaults to the excerpt"
                className={inputClass}
              />
            </Field>
          </Card>
        </div>
      </div>
      {guard.prompt}
    </div>
  )
}

/** What the toast says after a save: published, unpublished or saved (SPEC.md §4 transitions). */
function savedMessage(
  title: string,
  before: PostStatusValue | undefined,
  requested: PostStatusValue | undefined,
): string {
  const name = `“${title.trim()}”`
  if (requested === 'published' && before !== 'published') return `${name} is published`
  if (requested === 'scheduled') return `${name} is scheduled`
  if (requested === 'draft' && before === 'published') return `${name} is unpublished and back to draft`
  return before ? `Changes to ${name} saved` : `${name} saved as a draft`
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
