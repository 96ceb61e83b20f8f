import { cx } from '@wayfarer/ui'
import { useSiteSettings } from '../../lib/site-settings'

/** The owner's social links (site settings; none: nothing shown), each opening in a new tab. */
export function SocialLinks({ className }: { className?: string }) {
  const { socialLinks } = useSiteSettings()
  if (socialLinks.length === 0) return null
  return (
    <ul className={cx('flex flex-wrap gap-3', className)}>
      {socialLinks.map((s) => (
        <li key={`${s.network} ${s.url}`}>
          <a
            href={s.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-6 items-center rounded-full border border-current px-3 py-1 text-xs font-medium hover:opacity-80"
          >
            {s.network}
          </a>
        </li>
      ))}
    </ul>
  )
}
