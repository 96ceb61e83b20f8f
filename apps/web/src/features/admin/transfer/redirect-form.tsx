import { useId, useState, type FormEvent } from 'react'
import { saveRedirectInput } from '@wayfarer/api/schemas'
import { Button } from '@wayfarer/ui'

const fieldClass =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-teal-700'

export interface RedirectFields {
  from_path: string
  to_path: string
}

/**
 * The old and the new address of a redirect. Checked here with the server's own schema (a target must be a
 * path of this site, never another site) so the owner reads the message at once; the server checks again.
 */
export function RedirectForm({
  initial = { from_path: '', to_path: '' },
  submitLabel,
  onSubmit,
  onCancel,
  pending,
}: {
  initial?: RedirectFields
  submitLabel: string
  onSubmit: (fields: RedirectFields) => Promise<string | null>
  onCancel?: () => void
  pending: boolean
}) {
  const id = useId()
  const [fields, setFields] = useState(initial)
  const [problem, setProblem] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = saveRedirectInput.safeParse(fields)
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check both addresses')
    setProblem(await onSubmit(fields))
    if (!onCancel) setFields({ from_path: '', to_path: '' })
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <AddressField
          id={`${id}-from`}
          label="Old address"
          hint="A path, or an old link pasted whole"
          placeholder="/2019/05/my-story/"
          value={fields.from_path}
          invalid={problem !== null}
          onChange={(from_path) => setFields({ ...fields, from_path })}
        />
        <AddressField
          id={`${id}-to`}
          label="New address"
          hint="A page of this site, starting with /"
          placeholder="/blog/my-story"
          value={fields.to_path}
          invalid={problem !== null}
          onChange={(to_path) => setFields({ ...fields, to_path })}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex gap-3">
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

/** One of the two addresses, with its hint read out with it. */
function AddressField({
  id,
  label,
  hint,
  placeholder,
  value,
  invalid,
  onChange,
}: {
  id: string
  label: string
  hint: string
  placeholder: string
  value: string
  invalid: boolean
  onChange: (value: string) => void
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={id}
        value={value}
        required
        placeholder={placeholder}
        aria-describedby={`${id}-hint`}
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
        className={fieldClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
        {hint}
      </p>
    </div>
  )
}
