import { StrokeIcon } from '@wayfarer/ui'
import { staticPages } from '@wayfarer/api/schemas'
import { usePageMeta } from '../../lib/page-meta'
import { useSiteSettings } from '../../lib/site-settings'
import { SocialLinks } from '../layout/social-links'
import { ContactForm } from './contact-form'

/** The e-mail address and place from the site settings (each left out when empty), and the response time. */
function useDetails() {
  const { contactEmail, contactLocation } = useSiteSettings()
  return [
    contactEmail && {
      label: 'Email',
      icon: 'M3 6h18v12H3zM3 7l9 6 9-6',
      value: (
        <a href={`mailto:${contactEmail}`} className="text-teal-700 hover:underline">
          {contactEmail}
        </a>
      ),
    },
    contactLocation && {
      label: 'Location',
      icon: 'M12 21s-7-6.5-7-12a7 7 0 0114 0c0 5.5-7 12-7 12zM12 11a2 2 0 100-4 2 2 0 000 4z',
      value: contactLocation,
    },
    {
      label: 'Response time',
      icon: 'M12 7v5l3 3M12 21a9 9 0 100-18 9 9 0 000 18z',
      value: 'Usually within 24–48 hours',
    },
  ].filter((d) => !!d)
}

/** /contact: the form plus e-mail, location, response time and social links. */
export function ContactScreen() {
  usePageMeta(staticPages.contact.title, staticPages.contact.description)
  const details = useDetails()
  const { socialLinks } = useSiteSettings()
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-bold">Get in Touch</h1>
        <p className="mt-4 text-lg text-gray-600">
          Questions about a destination, a collaboration idea, or just want to say hello? Send us a message.
        </p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ContactForm />
        </div>
        <aside className="space-y-6 self-start rounded-2xl bg-teal-50 p-6" aria-label="Contact details">
          <ul className="space-y-5">
            {details.map((d) => (
              <li key={d.label} className="flex gap-3">
                <StrokeIcon d={d.icon} className="mt-0.5 h-5 w-5 shrink-0 text-teal-700" strokeWidth={1.8} />
                <div>
                  <p className="text-sm font-semibold text-gray-900">{d.label}</p>
                  <p className="text-gray-700">{d.value}</p>
                </div>
              </li>
            ))}
          </ul>
          {socialLinks.length > 0 && (
            <div>
              <p className="text-sm font-semibold text-gray-900">Follow along</p>
              <SocialLinks className="mt-3 text-teal-800" />
            </div>
          )}
        </aside>
      </div>
    </div>
  )
}
