import type { ReactNode } from 'react'
import { Card } from '@wayfarer/ui'
import type { PostFormValues } from './post-form-state'

export const inputClass =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-teal-600 focus:ring-2 focus:ring-teal-600 focus:outline-none'

/** Sets one field of the form. */
export type SetField = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) => void

export function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
    </div>
  )
}

type TextKey = 'title' | 'meta_title' | 'location_name' | 'location_region' | 'location_country'

/** A one-line text field of the form, its id the field's name. */
export function TextField({
  field,
  label,
  values,
  set,
  placeholder,
}: {
  field: TextKey
  label: string
  values: PostFormValues
  set: SetField
  placeholder?: string
}) {
  return (
    <Field label={label} htmlFor={field}>
      <input
        id={field}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        placeholder={placeholder}
        className={inputClass}
      />
    </Field>
  )
}

/** Where the story happened, in words (the map point is the Place card's). */
export function LocationFields({ values, set }: { values: PostFormValues; set: SetField }) {
  const fields = [
    ['Location', 'location_name'],
    ['Region', 'location_region'],
    ['Country', 'location_country'],
  ] as const
  return (
    <div className="space-y-3">
      {fields.map(([label, key]) => (
        <TextField key={key} field={key} label={label} values={values} set={set} />
      ))}
    </div>
  )
}

/** The category select and the tag checkboxes. */
export function TaxonomyCard({
  values,
  set,
  categories,
  tags,
}: {
  values: PostFormValues
  set: SetField
  categories: { id: number; name: string }[] | undefined
  tags: { id: number; name: string }[] | undefined
}) {
  return (
    <Card className="space-y-4 p-6">
      <Field label="Category" htmlFor="category">
        <select
          id="category"
          value={values.category_id ?? ''}
          onChange={(e) => set('category_id', e.target.value ? Number(e.target.value) : null)}
          className={inputClass}
        >
          <option value="">Select a category</option>
          {categories?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-gray-700">Tags</legend>
        <div className="mt-2 flex max-h-48 flex-wrap gap-x-4 gap-y-2 overflow-y-auto">
          {tags?.map((t) => (
            <label key={t.id} className="flex min-h-6 items-center gap-2 text-sm text-gray-700">
              {/* 24 px: a box a thumb can hit on a phone (the label's text takes a tap too). */}
              <input
                type="checkbox"
                className="h-6 w-6 shrink-0 accent-teal-700"
                checked={values.tags.includes(t.id)}
                onChange={(e) =>
                  set('tags', e.target.checked ? [...values.tags, t.id] : values.tags.filter((id) => id !== t.id))
                }
              />
              {t.name}
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  )
}

/** Meta title and description; left empty, the save fills them from the title and the excerpt. */
export function SeoCard({ values, set }: { values: PostFormValues; set: SetField }) {
  return (
    <Card className="space-y-4 p-6">
      <h3 className="font-semibold text-gray-900">SEO</h3>
      <TextField field="meta_title" label="Meta title" values={values} set={set} placeholder="Defaults to the title" />
      <Field label="Meta description" htmlFor="meta_description">
        <textarea
          id="meta_description"
          value={values.meta_description}
          onChange={(e) => set('meta_description', e.target.value)}
          rows={3}
          placeholder="Defaults to the excerpt"
          className={inputClass}
        />
      </Field>
    </Card>
  )
}
