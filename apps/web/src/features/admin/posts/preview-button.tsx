import { useMutation } from '@tanstack/react-query'
import type { AdminPostListItem } from '@wayfarer/api/schemas'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'
import { useToast } from '../shell/toast-host'

/**
 * "View" for a post visitors cannot see yet: asks the server for a signed, expiring preview link and opens the
 * public story page with it in a new tab (only the signed-in owner can use it).
 */
export function PreviewButton({
  post,
  className,
}: {
  post: Pick<AdminPostListItem, 'id' | 'title'>
  className: string
}) {
  const link = useMutation(trpc.posts.previewLink.mutationOptions())
  const toast = useToast()
  const open = async () => {
    // Opened before the request, inside the click, so pop-up blockers let it through; filled in once the link is signed.
    const tab = window.open('about:blank', '_blank')
    try {
      const { url } = await link.mutateAsync({ id: post.id })
      if (tab) {
        tab.opener = null
        tab.location.href = url
      } else window.location.assign(url)
    } catch (error) {
      tab?.close()
      toast({ tone: 'error', text: toUserMessage(error, 'Could not open the preview') })
    }
  }
  return (
    <button
      type="button"
      onClick={() => void open()}
      disabled={link.isPending}
      aria-label={`View ${post.title} (preview)`}
      className={className}
    >
      View
    </button>
  )
}
