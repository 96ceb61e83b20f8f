import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react'

const control =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20 focus:outline-none'

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

/** The multi-line version of Field (a comment, a message). */
export function TextAreaField({ id, label, ...textarea }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div>
      <FieldLabel id={id} label={label} required={textarea.required} />
      <textarea id={id} className={control} {...textarea} />
    </div>
  )
}
