import { useEffect, useState, type ReactNode } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Field, QueryView, Skeleton, TextAreaField } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { FIGURE_KINDS, type FigureKind, type SiteSettings } from '@wayfarer/api/schemas'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'
import { useAdminTitle } from '../../../lib/page-meta'
import { ScreenHeader } from '../shell/screen-header'
import { useToast } from '../shell/toast-host'
import { siteFiguresAdminQuery, siteSettingsAdminQuery } from './queries'
import { SocialLinksField } from './social-links-field'
import { ImageChoiceField } from './image-choice-field'
import { timeZoneChoices } from '../trips/trip-form-state'

const figureLabels: Record<FigureKind, string> = {
  countries: 'Countries visited',
  stories: 'Stories',
  photos: 'Photos',
  trips: 'Trips',
  followers: 'Followers',
}

/** /admin/settings/site: the site's name, texts, links, language, time zone and figures (docs/product.md). */
export function SiteSettingsScreen() {
  useAdminTitle('Site Settings')
  const settings = useQuery(siteSettingsAdminQuery())
  return (
    <QueryView
      query={settings}
      loading={<Skeleton className="h-96 w-full max-w-3xl" />}
      failed="Failed to load the site settings"
      failedClassName="max-w-3xl text-red-600"
    >
      {(saved) => <SiteSettingsForm saved={saved} />}
    </QueryView>
  )
}

type Set = (change: Partial<SiteSettings>) => void
type TextSetting = { [K in keyof SiteSettings]: SiteSettings[K] extends string ? K : never }[keyof SiteSettings]

/** Binds a text setting to a Field or TextAreaField: its value, and the change that writes it back. */
const textBinding = (values: SiteSettings, set: Set) => (key: TextSetting) => ({
  value: values[key],
  // A computed key widens to an index signature; `key` names a text setting, so the change is one.
  onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value } as Partial<SiteSettings>),
})

function SiteSettingsForm({ saved }: { saved: SiteSettings }) {
  const form = useSiteSettingsForm(saved)
  const { values, set } = form
  return (
    <form
      className="max-w-3xl space-y-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void form.submit()
      }}
    >
      <ScreenHeader
        title="Site Settings"
        description="What visitors see on every page: your site's name, texts and links."
      />
      <IdentitySection values={values} set={set} />
      <TextsSection values={values} set={set} />
      <Section title="Social links">
        <SocialLinksField links={values.socialLinks} onChange={(socialLinks) => set({ socialLinks })} />
      </Section>
      <RegionSection values={values} set={set} />
      <FiguresSection values={values} set={set} />
      {form.error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {form.error}
        </p>
      )}
      <Button type="submit" disabled={form.saving}>
        {form.saving ? 'Saving…' : 'Save site settings'}
      </Button>
    </form>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </Card>
  )
}

function IdentitySection({ values, set }: { values: SiteSettings; set: Set }) {
  const text = textBinding(values, set)
  return (
    <Section title="Your site">
      <Field id="site-name" label="Site name" required {...text('name')} />
      <Field id="site-tagline" label="Tagline" {...text('tagline')} />
      <ImageChoiceField id="site-logo" label="Logo" value={values.logoUrl} onChange={(logoUrl) => set({ logoUrl })} />
      <Field id="site-hero-title" label="Home: hero title" required {...text('heroTitle')} />
      <TextAreaField
        id="site-hero-text"
        label="Home: hero text (also the site's description)"
        rows={3}
        {...text('heroText')}
      />
    </Section>
  )
}

function TextsSection({ values, set }: { values: SiteSettings; set: Set }) {
  const text = textBinding(values, set)
  const [first, second] = values.aboutPhotos
  const setPhoto = (index: 0 | 1, url: string | null) => {
    const next = [index === 0 ? url : (first ?? null), index === 1 ? url : (second ?? null)]
    set({ aboutPhotos: next.filter((u): u is string => !!u) })
  }
  return (
    <Section title="About, contact and footer">
      <TextAreaField
        id="site-about"
        label="About text (an empty line starts a new paragraph)"
        required
        rows={8}
        {...text('aboutText')}
      />
      <p className="text-sm text-gray-600">About photos: none chosen shows the gallery photos tagged “about”.</p>
      <ImageChoiceField
        id="site-about-photo-1"
        label="About photo 1"
        value={first ?? null}
        onChange={(u) => setPhoto(0, u)}
      />
      <ImageChoiceField
        id="site-about-photo-2"
        label="About photo 2"
        value={second ?? null}
        onChange={(u) => setPhoto(1, u)}
      />
      <Field id="site-email" label="Contact e-mail (empty: none shown)" type="email" {...text('contactEmail')} />
      <Field id="site-location" label="Where you are" {...text('contactLocation')} />
      <TextAreaField id="site-footer" label="Footer text" rows={2} {...text('footerText')} />
    </Section>
  )
}

function RegionSection({ values, set }: { values: SiteSettings; set: Set }) {
  const text = textBinding(values, set)
  const zones = timeZoneChoices()
  return (
    <Section title="Language and time zone">
      <Field id="site-language" label="Language (a tag such as en or pt-PT)" {...text('language')} />
      <Field
        id="site-time-zone"
        label="Time zone (the owner's dates and the schedule)"
        list="site-time-zones"
        {...text('timeZone')}
      />
      <datalist id="site-time-zones">
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
    </Section>
  )
}

function FiguresSection({ values, set }: { values: SiteSettings; set: Set }) {
  const figures = useQuery(siteFiguresAdminQuery()).data
  return (
    <Section title="Figures">
      <p className="text-sm text-gray-600">
        Home, Gallery and About show what the site counts. Type a figure (such as “50+”) to show that instead; leave it
        empty for the count.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIGURE_KINDS.map((kind) => (
          <Field
            key={kind}
            id={`site-figure-${kind}`}
            label={`${figureLabels[kind]} (counted: ${figures ? figures[kind].computed : '…'})`}
            value={values.figures[kind] ?? ''}
            placeholder={figures ? String(figures[kind].computed) : undefined}
            onChange={(e) => set({ figures: { ...values.figures, [kind]: e.target.value || null } })}
          />
        ))}
      </div>
    </Section>
  )
}

/** The form's values (taken again from the server after a save) and the save, which refreshes every page's copy. */
function useSiteSettingsForm(saved: SiteSettings) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const save = useMutation(trpc.settings.saveSite.mutationOptions())
  const [values, setValues] = useState(saved)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => setValues(saved), [saved])
  return {
    values,
    error,
    saving: save.isPending,
    set: (change: Partial<SiteSettings>) => setValues((v) => ({ ...v, ...change })),
    submit: async () => {
      setError(null)
      try {
        await save.mutateAsync(values)
        await Promise.all([
          queryClient.invalidateQueries(trpc.settings.site.queryFilter()),
          queryClient.invalidateQueries(trpc.settings.figures.queryFilter()),
        ])
        toast({ text: messages.site.saved })
      } catch (e) {
        setError(toUserMessage(e, messages.site.saveFailed, messages.site.saveFailed))
      }
    },
  }
}
