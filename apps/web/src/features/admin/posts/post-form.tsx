import { useMemo, useRef, useState, type Dispatch, type ReactNode, type RefObject, type SetStateAction } from 'react'
import { Link } from '@tanstack/react-router'
import { Button, Card } from '@wayfarer/ui'
import { hasStoryContent, type PhotoPlaceSuggestion } from '@wayfarer/api/schemas'
import { useQuery } from '@tanstack/react-query'
import { categoriesQuery } from '../../blog/queries'
import { tagsQuery } from './queries'
import { RichTextEditor } from '../editor/rich-text-editor'
import { AiAssistant } from './ai-assistant'
import { ExcerptField } from './excerpt-field'
import { FeaturedImage } from './featured-image'
import type { PostFormValues } from './post-form-state'
import { LocationFields, SeoCard, TaxonomyCard, TextField, type SetField } from './post-form-fields'
import { PublishBox } from './publish-box'
import { StatusBadge } from './status-badge'
import { useUnsavedChangesGuard } from './unsaved-changes'
import { usePostSave, type EditedPost } from './use-post-save'
import { STORY_TITLE_CLASS, StoryBody } from '../../post/story-body'
import { PlaceCard } from './place-card'
import { TripPicker } from './trip-picker'
import { useAutosave, type AutosaveStatus } from './use-autosave'
import { RevisionsCard } from './revisions-card'
import type { RestoreRequest } from './use-revision-restore'

interface Props {
  /** Absent on /admin/posts/new: upload and AI stay disabled until the post has been saved. */
  post?: EditedPost
  initial: PostFormValues
  /** Restoring a version from the history (the edit screen keeps it: the form is rebuilt after a restore). */
  history?: { restore: (request: RestoreRequest) => Promise<void>; restoring: boolean }
}

/** What the AI helpers are told about the story. */
type AiContext = { title?: string | undefined; category?: string | undefined; location?: string | undefined }

/**
 * Create post / Edit post: the story on the left, publishing and its details on the right (below it up to 1024 px
 * wide). The first save stays here; later saves return to the list. The story saves itself as the owner writes
 * (useAutosave), and a saved post shows its revision history.
 */
export function PostForm({ post, initial, history }: Props) {
  const [values, setValues] = useState(initial)
  const [preview, setPreview] = useState(false)
  const [placeOffer, setPlaceOffer] = useState<PhotoPlaceSuggestion | null>(null)
  const insertRef = useRef<((text: string) => void) | null>(null)
  const categories = useQuery(categoriesQuery())
  const autosave = useAutosave(post?.id ?? null, values, initial)
  // What the post itself holds: the autosave keeps a draft current, so only newer typing counts as unsaved.
  const changed = useMemo(() => JSON.stringify(values) !== JSON.stringify(autosave.saved), [values, autosave.saved])
  const guard = useUnsavedChangesGuard(changed)
  const { save, saving, tripError } = usePostSave(post, values, guard.allowLeaving, autosave)
  const set: SetField = (key, value) => setValues((v) => ({ ...v, [key]: value }))
  const postId = post?.id ?? autosave.createdId
  const context: AiContext = {
    title: values.title || undefined,
    category: categories.data?.find((c) => c.id === values.category_id)?.name,
    location: values.location_name || undefined,
  }
  return (
    <div className="space-y-6">
      <PostFormHeader post={post} preview={preview} onPreview={() => setPreview((v) => !v)} status={autosave.status}>
        <AiAssistant postId={postId} context={context} onGenerated={(text) => insertRef.current?.(text)} />
      </PostFormHeader>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <StoryCard
            values={values}
            set={set}
            initialContent={initial.content}
            insertRef={insertRef}
            preview={preview}
            postId={postId}
            context={context}
          />
        </div>
        <div className="space-y-6">
          <PublishBox
            post={post}
            saving={saving}
            incomplete={!values.title.trim() || !hasStoryContent(values.content)}
            onSave={(status, at, mail) => void save(status, at, mail)}
          />
          {post && history && (
            <RevisionsCard
              postId={post.id}
              beforeRestore={autosave.flush}
              onRestore={history.restore}
              restoring={history.restoring}
              live={post.status !== 'draft'}
            />
          )}
          <DetailCards
            values={values}
            set={set}
            setValues={setValues}
            postId={postId}
            tripError={tripError}
            placeOffer={placeOffer}
            setPlaceOffer={setPlaceOffer}
          />
        </div>
      </div>
      {guard.prompt}
    </div>
  )
}

/** The story's details beside it: trip, category and tags, featured picture, place and SEO. */
function DetailCards({
  values,
  set,
  setValues,
  postId,
  tripError,
  placeOffer,
  setPlaceOffer,
}: {
  values: PostFormValues
  set: SetField
  setValues: Dispatch<SetStateAction<PostFormValues>>
  postId: number | null
  tripError: string | null
  placeOffer: PhotoPlaceSuggestion | null
  setPlaceOffer: (offer: PhotoPlaceSuggestion | null) => void
}) {
  const categories = useQuery(categoriesQuery())
  const tags = useQuery(tagsQuery())
  return (
    <>
      <TripPicker values={values} set={set} error={tripError} />
      <TaxonomyCard values={values} set={set} categories={categories.data} tags={tags.data} />
      <Card className="p-6">
        <h3 className="mb-3 font-semibold text-gray-900">Featured Image</h3>
        <FeaturedImage
          postId={postId}
          url={values.featured_image}
          alt={values.featured_image_alt}
          showUrlField={postId !== null}
          onUrl={(url) => set('featured_image', url)}
          onAlt={(alt) => set('featured_image_alt', alt)}
          onPlaceSuggestion={setPlaceOffer}
        />
      </Card>
      <PlaceCard
        names={<LocationFields values={values} set={set} />}
        postId={postId}
        point={{ latitude: values.latitude, longitude: values.longitude, country_code: values.country_code }}
        offer={placeOffer}
        onOfferDone={() => setPlaceOffer(null)}
        onChange={(change) => setValues((v) => ({ ...v, ...change }))}
      />
      <SeoCard values={values} set={set} />
    </>
  )
}

/** What the autosave says beside the title (a polite live region: read out when the writer pauses). */
const statusText: Record<AutosaveStatus, string> = {
  idle: '',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Saved',
  kept: 'Changes kept in the history, not published',
  failed: 'Not saved yet: will try again',
}

function PostFormHeader({
  post,
  preview,
  onPreview,
  status,
  children,
}: {
  post: EditedPost | undefined
  preview: boolean
  onPreview: () => void
  status: AutosaveStatus
  children: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-3">
        <Link to="/admin/posts" className="rounded-lg px-2 py-1 text-sm text-gray-600 hover:bg-gray-100">
          ← Back to posts
        </Link>
        <h2 className="text-2xl font-bold text-gray-900">{post ? 'Edit Post' : 'Create New Post'}</h2>
        {post && <StatusBadge status={post.status} />}
        <p role="status" aria-live="polite" className="text-sm text-gray-600" data-testid="autosave-status">
          {statusText[status]}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={onPreview}>
          {preview ? 'Hide Preview' : 'Preview'}
        </Button>
        {children}
      </div>
    </div>
  )
}

/**
 * The story itself: title, the editor (or its preview, in the public page's styles), the excerpt and where it
 * happened. The editor stays mounted under the preview, so its undo history survives a look at the result.
 */
function StoryCard({
  values,
  set,
  initialContent,
  insertRef,
  preview,
  postId,
  context,
}: {
  values: PostFormValues
  set: SetField
  initialContent: string
  insertRef: RefObject<((text: string) => void) | null>
  preview: boolean
  postId: number | null
  context: AiContext
}) {
  return (
    <Card className="space-y-5 p-6">
      <TextField field="title" label="Title" values={values} set={set} placeholder="Post title" />
      <div className={preview ? 'hidden' : ''}>
        <span className="mb-1 block text-sm font-medium text-gray-700">Content</span>
        <RichTextEditor
          initialHtml={initialContent}
          onChange={(html) => set('content', html)}
          insertRef={insertRef}
          postId={postId}
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
        <p className="text-sm text-gray-600">
          Save the post as a draft to enable AI content generation and image upload. You stay in the editor.
        </p>
      )}
    </Card>
  )
}
