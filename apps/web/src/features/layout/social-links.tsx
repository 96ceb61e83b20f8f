import { site } from '@wayfarer/api/schemas'
import { cx } from '@wayfarer/ui'

/** The four social networks (photo, short video, video, general), each opening in a new tab. */
export function SocialLinks({ className }: { className?: string }) {
  return (
    <ul className={cx('flex flex-wrap gap-3', className)}>
      {site.social.map((s) => (
        <li key={s.network}>
          <a
            href={s.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex rounded-full border border-current px-3 py-1 text-xs font-medium hover:opacity-80"
          >
            {s.network}
          </a>
        </li>
      ))}
    </ul>
  )
}
