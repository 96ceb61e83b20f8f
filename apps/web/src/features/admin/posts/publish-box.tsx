import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button, Card } from '@wayfarer/ui'
import type { PostStatusValue } from '@wayfarer/api/schemas'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'
import { useToast } from '../shell/toast-host'
import { ScheduleBox } from './schedule-box'
import type { EditedPost } from './use-post-save'

interface Props {
  post: EditedPost | undefined
  /** A save is under way: every button waits. */
  saving: boolean
  /** Title or content missing: nothing can be saved except taking the post off the site. */
  incomplete: boolean
  /** `emailFollowers`: whether going out mails the story to the followers (docs/followers.md). */
  onSave: (status?: PostStatusValue, publishAt?: string, emailFollowers?: boolean) => void
}

/**
 * The save buttons for the post's status. New: Save as Draft, Publish Now, Schedule. A draft or scheduled post:
 * Save Changes, Publish Now, Schedule (and Unschedule); a published one: Save Changes and Unpublish.
 */
export function PublishBox({ post, saving, incomplete, onSave: save }: Props) {
  const blocked = saving || incomplete
  const [mail, setMail] = useState(true)
  // Only a story's first time out mails it; the choice rides along with Publish Now and Schedule.
  const onSave = (status?: PostStatusValue, at?: string) =>
    status === 'published' || status === 'scheduled' ? save(status, at, mail) : save(status, at)
  const mailChoice = <MailChoice checked={mail} onChange={setMail} />
  if (!post) {
    return (
      <Card className="space-y-3 p-6">
        <h3 className="font-semibold text-gray-900">Publish</h3>
        <Button variant="secondary" className="w-full" disabled={blocked} onClick={() => onSave('draft')}>
          Save as Draft
        </Button>
        <Button className="w-full" disabled={blocked} onClick={() => onSave('published')}>
          Publish Now
        </Button>
        <ScheduleBox disabled={blocked} onSchedule={(at) => onSave('scheduled', at)} />
        {mailChoice}
      </Card>
    )
  }
  const unpublished = post.status === 'draft' || post.status === 'scheduled'
  return (
    <Card className="space-y-3 p-6">
      <h3 className="font-semibold text-gray-900">Update</h3>
      <Button className="w-full" disabled={blocked} onClick={() => onSave()}>
        Save Changes
      </Button>
      {unpublished && (
        <Button variant="secondary" className="w-full" disabled={blocked} onClick={() => onSave('published')}>
          Publish Now
        </Button>
      )}
      {(post.status === 'published' || post.status === 'scheduled') && (
        <Button variant="secondary" className="w-full" disabled={saving} onClick={() => onSave('draft')}>
          {post.status === 'scheduled' ? 'Unschedule' : 'Unpublish'}
        </Button>
      )}
      {unpublished && (
        <ScheduleBox
          scheduledAt={post.status === 'scheduled' ? post.publishedAt : null}
          disabled={blocked}
          onSchedule={(at) => onSave('scheduled', at)}
        />
      )}
      {unpublished && mailChoice}
      <TestMailButton postId={post.id} />
    </Card>
  )
}

function MailChoice({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-800">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      E-mail it to followers when it goes out
    </label>
  )
}

/** The story's mail to the owner alone, to see it before the followers do. */
function TestMailButton({ postId }: { postId: number }) {
  const toast = useToast()
  const send = useMutation(
    trpc.newsletter.sendTest.mutationOptions({
      onSuccess: (data) => toast({ text: data.message }),
      onError: (e) => toast({ text: toUserMessage(e, 'The test mail could not be sent.'), tone: 'error' }),
    }),
  )
  return (
    <Button
      variant="ghost"
      className="w-full"
      disabled={send.isPending}
      onClick={() => send.mutate({ post_id: postId })}
    >
      Send a test mail to me
    </Button>
  )
}
