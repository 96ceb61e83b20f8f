import { Button, Card } from '@wayfarer/ui'
import type { PostStatusValue } from '@wayfarer/api/schemas'
import { ScheduleBox } from './schedule-box'
import type { EditedPost } from './use-post-save'

interface Props {
  post: EditedPost | undefined
  /** A save is under way: every button waits. */
  saving: boolean
  /** Title or content missing: nothing can be saved except taking the post off the site. */
  incomplete: boolean
  onSave: (status?: PostStatusValue, publishAt?: string) => void
}

/**
 * The save buttons for the post's status. New: Save as Draft, Publish Now, Schedule. A draft or scheduled post:
 * Save Changes, Publish Now, Schedule (and Unschedule); a published one: Save Changes and Unpublish.
 */
export function PublishBox({ post, saving, incomplete, onSave }: Props) {
  const blocked = saving || incomplete
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
    </Card>
  )
}
