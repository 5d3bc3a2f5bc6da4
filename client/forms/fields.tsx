// The building blocks of every public form: labelled fields whose error is shown under them and
// tied to them (aria-invalid + aria-describedby), the required-fields note, the honeypot, the
// submit button and the form-level messages.
import type { FormEvent, HTMLAttributes, ReactNode, RefObject } from 'react'
import { budgetLabels, budgets } from '../../shared/formOptions.ts'

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 aria-[invalid=true]:border-red-700'
export const checkClass =
  'h-4 w-4 shrink-0 rounded border-slate-500 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

export const errorId = (id: string) => `${id}-error`

/** aria props of a control with an optional error. */
export const invalidProps = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? errorId(id) : undefined,
})

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700">
      {' '}
      *
    </span>
  )
}

export function RequiredNote() {
  return (
    <p className="text-sm text-slate-700">
      Fields marked{' '}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
      <span className="sr-only">with an asterisk</span> are required.
    </p>
  )
}

export function FieldLabel({ htmlFor, text, required }: { htmlFor: string; text: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-800">
      {text}
      {required ? <RequiredMark /> : <span className="font-normal text-slate-600"> (optional)</span>}
    </label>
  )
}

export function FieldError({ id, error, className = 'mt-1' }: { id: string; error?: string; className?: string }) {
  if (!error) return null
  return (
    <p id={id} className={`${className} text-sm text-red-700`}>
      {error}
    </p>
  )
}

/** What the browser needs to know about an email or phone field: its type, autofill and keyboard. */
export const EMAIL_INPUT = { type: 'email', autoComplete: 'email', inputMode: 'email' } as const
export const PHONE_INPUT = { type: 'tel', autoComplete: 'tel', inputMode: 'tel' } as const

export type TextFieldProps = {
  id: string
  name: string
  label: string
  value: string
  error?: string
  required?: boolean
  type?: 'text' | 'email' | 'tel' | 'url'
  autoComplete?: string
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  /** A textarea of this many rows instead of an input. */
  rows?: number
  onChange: (value: string) => void
}

export function TextField({ id, name, label, value, error, required, type = 'text', autoComplete, inputMode, rows, onChange }: TextFieldProps) {
  const common = { id, name, required, value, autoComplete, className: inputClass, ...invalidProps(id, error) }
  return (
    <div>
      <FieldLabel htmlFor={id} text={label} required={required} />
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldError id={errorId(id)} error={error} />
    </div>
  )
}

export type SelectFieldProps = {
  id: string
  name: string
  label: string
  value: string
  error?: string
  required?: boolean
  /** The first, empty choice ("Choose a timeline"). */
  placeholder: string
  options: { value: string; label: string }[]
  onChange: (value: string) => void
}

export function SelectField({ id, name, label, value, error, required, placeholder, options, onChange }: SelectFieldProps) {
  return (
    <div>
      <FieldLabel htmlFor={id} text={label} required={required} />
      <select
        id={id}
        name={name}
        required={required}
        value={value}
        {...invalidProps(id, error)}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId(id)} error={error} />
    </div>
  )
}

/** People never see or reach it; form-filling bots fill it in (server/middleware/formSpam.ts). Its
 * value is read at submit (client/forms/useForm.ts). */
export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Fax</label>
      <input id={id} type="text" name="fax" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}

/** A one-step form on its card: posted by the form hook (no browser validation UI), the
 * required-fields note first. */
export function FormCard({
  formRef,
  onSubmit,
  label,
  roomy,
  multipart,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  label: string
  /** More space between the groups (the quote form's longer list). */
  roomy?: boolean
  /** For a form that sends a file. */
  multipart?: boolean
  children: ReactNode
}) {
  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={onSubmit}
      noValidate
      encType={multipart ? 'multipart/form-data' : undefined}
      className={`relative ${roomy ? 'space-y-6' : 'space-y-5'} rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8`}
      aria-label={label}
    >
      <RequiredNote />
      {children}
    </form>
  )
}

/** The end of a one-step form: the honeypot, the submit button and the form's messages. */
export function FormEnd({ idBase, pending, label, error, success }: { idBase: string; pending: boolean; label: string; error: string; success?: string }) {
  return (
    <>
      <Honeypot id={`${idBase}-fax`} />
      <div>
        <SubmitButton pending={pending} label={label} />
        <FormMessages error={error} success={success} />
      </div>
    </>
  )
}

export function SubmitButton({ pending, label }: { pending: boolean; label: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
    >
      {pending ? 'Sending…' : label}
    </button>
  )
}

/** The form-level error (announced as an alert) and, for forms that stay on the page, the success status. */
export function FormMessages({ error, success }: { error: string; success?: string }) {
  return (
    <>
      <p role="alert" className="mt-3 min-h-5 text-sm font-medium text-red-700">
        {error}
      </p>
      {success !== undefined && (
        <p role="status" className="mt-1 text-sm font-medium text-green-800">
          {success}
        </p>
      )}
    </>
  )
}

/** The monthly budget choice of the quote and mobile lead forms (the contract's `budgets`). */
export function BudgetChoice({
  id,
  value,
  error,
  required,
  listClass,
  onChange,
}: {
  id: string
  value: string
  error?: string
  required?: boolean
  listClass: string
  onChange: (budget: string) => void
}) {
  return (
    <fieldset role="radiogroup" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId(`${id}-budget`) : undefined}>
      <legend className="text-sm font-semibold text-slate-800">
        Monthly budget
        <RequiredMark />
      </legend>
      <div className={listClass}>
        {budgets.map((budget) => (
          <label key={budget} htmlFor={`${id}-budget-${budget}`} className="flex items-center gap-3 text-slate-800">
            <input
              id={`${id}-budget-${budget}`}
              type="radio"
              name="budget"
              value={budget}
              required={required}
              checked={value === budget}
              onChange={() => onChange(budget)}
              className={checkClass}
            />
            {budgetLabels[budget]}
          </label>
        ))}
      </div>
      <FieldError id={errorId(`${id}-budget`)} error={error} className="mt-2" />
    </fieldset>
  )
}
