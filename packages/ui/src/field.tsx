import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { cx } from './class-names'

const control =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-teal-600 focus:ring-2 focus:ring-teal-600 focus:outline-none'

type Labelled = { id: string; label: string }

function FieldLabel({ id, label, required }: Labelled & { required: boolean | undefined }) {
  return (
    <label htmlFor={id} className="block text-sm font-medium text-gray-700">
      {label}
      {required ? ' *' : ''}
    </label>
  )
}

/** A labelled text input of the visitors' forms; a required one says so with an asterisk. */
export function Field({ id, label, ...input }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <FieldLabel id={id} label={label} required={input.required} />
      <input id={id} className={control} {...input} />
    </div>
  )
}

type VisitorInput = Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'maxLength'>

/**
 * Who is writing, as the visitors' forms (a comment, a message) ask it: Name and Email, both required, side by side
 * from sm up. `gap` is the form's own spacing; the ids are `<idPrefix>-name` and `<idPrefix>-email`.
 */
export function NameAndEmailFields({
  idPrefix,
  gap,
  name,
  email,
}: {
  idPrefix: string
  gap: string
  name: VisitorInput
  email: VisitorInput
}) {
  return (
    <div className={cx('grid sm:grid-cols-2', gap)}>
      <Field id={`${idPrefix}-name`} label="Name" required autoComplete="name" {...name} />
      <Field id={`${idPrefix}-email`} label="Email" type="email" required autoComplete="email" {...email} />
    </div>
  )
}

/** The multi-line version of Field (a comment, a message). */
export function TextAreaField({ id, label, ...textarea }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div>
      <FieldLabel id={id} label={label} required={textarea.required} />
      <textarea id={id} className={control} {...textarea} />
    </div>
  )
}

/**
 * The honeypot of the visitors' forms: hidden from people and screen readers; bots that fill every field give
 * themselves away. `name` is the field the server checks.
 */
export function Honeypot(props: { id: string; name: string; value: string; onChange: (value: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={props.id}>Leave this field empty</label>
      <input
        id={props.id}
        name={props.name}
        tabIndex={-1}
        autoComplete="off"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  )
}
