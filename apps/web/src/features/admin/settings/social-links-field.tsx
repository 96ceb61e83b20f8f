import { Button } from '@wayfarer/ui'
import { SOCIAL_LINKS_MAX, type SiteSettings } from '@wayfarer/api/schemas'

type Links = SiteSettings['socialLinks']

const input = 'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:outline-2 focus:outline-teal-700'

/** Any number of links (none hides them), each a network's name and its address; the order is the shown order. */
export function SocialLinksField({ links, onChange }: { links: Links; onChange: (links: Links) => void }) {
  const update = (index: number, change: Partial<Links[number]>) =>
    onChange(links.map((l, i) => (i === index ? { ...l, ...change } : l)))
  return (
    <div className="space-y-3" data-testid="social-links-field">
      {links.length === 0 && <p className="text-sm text-gray-600">No social links: none are shown.</p>}
      {links.map((link, index) => (
        <div key={index} className="grid items-end gap-2 sm:grid-cols-[10rem_1fr_auto]">
          <div>
            <label htmlFor={`social-network-${index}`} className="block text-sm font-medium text-gray-700">
              Network {index + 1}
            </label>
            <input
              id={`social-network-${index}`}
              className={input}
              value={link.network}
              onChange={(e) => update(index, { network: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor={`social-url-${index}`} className="block text-sm font-medium text-gray-700">
              Address {index + 1}
            </label>
            <input
              id={`social-url-${index}`}
              type="url"
              className={input}
              value={link.url}
              placeholder="https://"
              onChange={(e) => update(index, { url: e.target.value })}
            />
          </div>
          <Button
            type="button"
            variant="secondary"
            aria-label={`Remove ${link.network || `link ${index + 1}`}`}
            onClick={() => onChange(links.filter((_, i) => i !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      {links.length < SOCIAL_LINKS_MAX && (
        <Button type="button" variant="secondary" onClick={() => onChange([...links, { network: '', url: '' }])}>
          Add a link
        </Button>
      )}
    </div>
  )
}
