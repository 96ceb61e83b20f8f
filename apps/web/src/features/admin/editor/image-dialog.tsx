import { useEffect, useId, useState, type FormEvent } from 'react'
import { z } from 'zod'
import { messages } from '@wayfarer/api/messages'
import { Button, Dialog, DialogActions, DialogTitle } from '@wayfarer/ui'
import { checkImageFile, uploadImage } from '../../../lib/upload'
import { toUserMessage } from '../../../lib/user-message'

const uploaded = z.object({ url: z.string() })
const inputClass =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-teal-600 focus:ring-2 focus:ring-teal-600 focus:outline-none'

/** What the dialog is asked to do: insert a new picture (maybe with a dropped or pasted file), or edit one's alt text. */
export type ImageDialogRequest = { mode: 'insert'; file?: File } | { mode: 'alt'; url: string; alt: string }

interface Props {
  request: ImageDialogRequest
  /** The saved post's id; null before the first save, when a file cannot be uploaded yet. */
  postId: number | null
  onDone: (image: { url: string; alt: string }) => void
  onCancel: () => void
}

/**
 * Inserting a picture into the story: a file (chosen here, dropped or pasted into the editor) goes to the
 * image store at once, or an address is typed; then its alt text, asked in words (docs/product.md, "Editor").
 * The same dialog edits the alt text of a picture already in the story.
 */
export function ImageDialog({ request, postId, onDone, onCancel }: Props) {
  const id = useId()
  const [url, setUrl] = useState(request.mode === 'alt' ? request.url : '')
  const [alt, setAlt] = useState(request.mode === 'alt' ? request.alt : '')
  const upload = useImageUpload(postId, setUrl)
  const dropped = request.mode === 'insert' ? request.file : undefined
  useEffect(() => {
    if (dropped) upload.start(dropped)
    // Only the file the dialog was opened with; later files come through the picker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dropped])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (url.trim() && upload.progress === null) onDone({ url: url.trim(), alt: alt.trim() })
  }
  return (
    <Dialog
      onClose={onCancel}
      className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl"
      backdropClassName="bg-black/50"
      // The editor takes focus back itself, at the cursor it kept (useImageDialog).
      returnFocus={false}
    >
      <DialogTitle className="text-lg font-semibold text-gray-900">
        {request.mode === 'alt' ? 'Image alt text' : 'Insert image'}
      </DialogTitle>
      <form onSubmit={submit} className="mt-4 space-y-4">
        {request.mode === 'insert' && <ImageSource id={id} postId={postId} url={url} setUrl={setUrl} upload={upload} />}
        {url && upload.progress === null && <img src={url} alt="" className="max-h-40 rounded-lg object-contain" />}
        <div>
          <label htmlFor={`${id}-alt`} className="block text-sm font-medium text-gray-700">
            Alt text
          </label>
          <input
            id={`${id}-alt`}
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
            aria-describedby={`${id}-alt-hint`}
            className={inputClass}
          />
          <p id={`${id}-alt-hint`} className="mt-1 text-xs text-gray-600">
            Describe the image for readers who cannot see it. Leave it empty for a purely decorative picture.
          </p>
        </div>
        <DialogActions dismiss="Cancel" onDismiss={onCancel}>
          <Button type="submit" disabled={!url.trim() || upload.progress !== null}>
            {request.mode === 'alt' ? 'Save alt text' : 'Insert image'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

type Upload = ReturnType<typeof useImageUpload>

/** A file uploaded to the post's image store: its progress, a refusal in words, and the stored URL on success. */
function useImageUpload(postId: number | null, onUrl: (url: string) => void) {
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const start = (file: File) => {
    setError(null)
    if (postId === null) return setError(SAVE_FIRST)
    const problem = checkImageFile(file)
    if (problem) return setError(problem)
    setProgress(0)
    uploadImage(`/api/posts/${postId}/upload`, file, uploaded, setProgress)
      .then((data) => onUrl(data.url))
      .catch((e: unknown) => setError(toUserMessage(e, messages.upload.failed, messages.upload.network)))
      .finally(() => setProgress(null))
  }
  return { progress, error, start }
}

const SAVE_FIRST = 'Save the post as a draft first to upload images; an image address works now.'

function ImageSource({
  id,
  postId,
  url,
  setUrl,
  upload,
}: {
  id: string
  postId: number | null
  url: string
  setUrl: (url: string) => void
  upload: Upload
}) {
  return (
    <>
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-gray-700">
          Upload an image
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/gif"
          disabled={postId === null || upload.progress !== null}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) upload.start(file)
          }}
          className="mt-1 block w-full text-sm text-gray-600 file:mr-3 file:rounded-lg file:border-0 file:bg-teal-50 file:px-3 file:py-2 file:text-teal-800 disabled:opacity-50"
        />
        <p className="mt-1 text-xs text-gray-600">
          {postId === null
            ? SAVE_FIRST
            : 'PNG, JPG or GIF, under 10MB. You can also drop or paste an image into the story.'}
        </p>
      </div>
      {upload.progress !== null && (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuenow={upload.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          className="h-2 rounded bg-gray-200"
        >
          <div className="h-2 rounded bg-teal-600" style={{ width: `${upload.progress}%` }} />
        </div>
      )}
      {upload.error && (
        <p role="alert" className="text-sm text-red-700">
          {upload.error}
        </p>
      )}
      <div>
        <label htmlFor={`${id}-url`} className="block text-sm font-medium text-gray-700">
          Or the image’s address
        </label>
        <input
          id={`${id}-url`}
          // Text, not type="url": an uploaded picture's address is the site's own path (/media/…).
          type="text"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://"
          className={inputClass}
        />
      </div>
    </>
  )
}
