import { cx } from '@wayfarer/ui'

const CODE = /^[a-z]{2}$/

/**
 * A country's flag: an SVG of our own origin (`/flags/{code}.svg`, copied from flag-icons by the build), never an
 * emoji, which shows as two letters in a box where no emoji font is installed. Decorative: the country's name is
 * always written beside it. Its height follows the text (1em by default).
 */
export function Flag({ code, className }: { code: string; className?: string }) {
  const lower = code.toLowerCase()
  if (!CODE.test(lower)) return null
  return (
    <img
      src={`/flags/${lower}.svg`}
      alt=""
      width={4}
      height={3}
      loading="lazy"
      decoding="async"
      data-testid="flag"
      className={cx(
        'inline-block h-[1em] w-auto rounded-[2px] align-[-0.1em] shadow-[0_0_0_1px_rgb(0_0_0/0.1)]',
        className,
      )}
    />
  )
}
