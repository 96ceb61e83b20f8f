import { cx } from '@wayfarer/ui'

/** The classes of a story's title on the public page; the editor's preview uses them too. */
export const STORY_TITLE_CLASS = 'text-4xl font-bold leading-tight text-gray-900'

/**
 * A story's HTML body with the public page's stylesheet (story-body.css). The public page and the editor's
 * Preview both render through here, so the owner sees what visitors will see.
 */
export function StoryBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      data-testid="post-body"
      className={cx('story-body', className)}
      // Public page: sanitised on the server before storing and again before serving. Preview: the owner's own
      // editor output, which the server sanitises on save.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
