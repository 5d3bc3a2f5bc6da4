// Contact form (/contact). Checked in the browser with the shared ContactSchema, then posted to
// /api/contact with the signed form token, attribution and an idempotency key. The answer is
// shown in place, in a status message screen readers announce.
import { useEffect, useId, useRef, useState, type FormEvent, type HTMLAttributes } from 'react'
import { AttributionSchema, ContactSchema, fieldErrors } from '../../shared/contract.ts'
import { apiRequest, HttpError } from '../../shared/request.ts'

type Values = { name: string; email: string; phone: string; subject: string; message: string }
type Errors = Partial<Record<keyof Values, string>>

const FIELDS: (keyof Values)[] = ['name', 'email', 'phone', 'subject', 'message']
const EMPTY: Values = { name: '', email: '', phone: '', subject: '', message: '' }

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 aria-[invalid=true]:border-red-700'

/** Attribution the site tracker keeps in localStorage, limited to fields and lengths the API accepts. */
function readAttribution(): Record<string, string> {
  const out: Record<string, string> = {}
  try {
    const raw: unknown = JSON.parse(localStorage.getItem('pl_attribution') ?? 'null')
    if (raw && typeof raw === 'object') {
      for (const [key, schema] of Object.entries(AttributionSchema.shape)) {
        const value = (raw as Record<string, unknown>)[key]
        if (typeof value === 'string' && schema.safeParse(value).success) out[key] = value
      }
    }
  } catch {
    // Storage blocked or not JSON: send no attribution.
  }
  return out
}

async function fetchFormToken(): Promise<string> {
  const response = await apiRequest('GET', '/api/form-token')
  const body = (await response.json()) as { token?: unknown }
  return typeof body.token === 'string' ? body.token : ''
}

const newKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

function byField(errors: Record<string, string>): { known: Errors; other: string[] } {
  const known: Errors = {}
  const other: string[] = []
  for (const [path, message] of Object.entries(errors)) {
    const key = path.split('.')[0] as keyof Values
    if (FIELDS.includes(key)) known[key] ??= message
    else other.push(message)
  }
  return { known, other }
}

function TextField({
  id,
  name,
  label,
  value,
  error,
  required,
  type = 'text',
  autoComplete,
  inputMode,
  multiline,
  onChange,
}: {
  id: string
  name: keyof Values
  label: string
  value: string
  error?: string
  required?: boolean
  type?: string
  autoComplete?: string
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  multiline?: boolean
  onChange: (value: string) => void
}) {
  const a11y = { id, name, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        ) : (
          <span className="font-normal text-slate-600"> (optional)</span>
        )}
      </label>
      {multiline ? (
        <textarea {...a11y} rows={6} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
      ) : (
        <input {...a11y} type={type} autoComplete={autoComplete} inputMode={inputMode} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

export function ContactForm() {
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const token = useRef('')
  const idempotencyKey = useRef('')
  const focusFirstError = useRef(false)
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [general, setGeneral] = useState('')
  const [sent, setSent] = useState('')
  const [pending, setPending] = useState(false)

  function refreshToken() {
    fetchFormToken()
      .then((t) => (token.current = t))
      .catch(() => {})
  }

  useEffect(() => {
    idempotencyKey.current = newKey()
    refreshToken()
  }, [])

  useEffect(() => {
    if (!focusFirstError.current) return
    focusFirstError.current = false
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])

  function set(key: keyof Values, value: string) {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors(({ [key]: _, ...rest }) => rest as Errors)
  }

  function showErrors(all: Record<string, string>) {
    const { known, other } = byField(all)
    focusFirstError.current = true
    setErrors(known)
    setGeneral(Object.keys(known).length > 0 ? 'Please check the fields marked below.' : (other[0] ?? 'We could not send your message. Please try again.'))
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setSent('')
    const faxInput = event.currentTarget.elements.namedItem('fax') as HTMLInputElement | null
    const fax = faxInput?.value ?? ''
    const parsed = ContactSchema.safeParse({ ...values, fax })
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setGeneral('')
    setPending(true)
    try {
      const formToken = token.current || (await fetchFormToken().catch(() => ''))
      const body = { ...values, fax, formToken, ...readAttribution(), landingPage: location.pathname + location.search }
      await apiRequest('POST', '/api/contact', body, { 'Idempotency-Key': idempotencyKey.current })
      setSent(`Thanks, ${parsed.data.name}. Your message is on its way and a strategist will reply within one business day.`)
      setValues(EMPTY)
      // A new message is a new request: fresh key and token.
      idempotencyKey.current = newKey()
      token.current = ''
      refreshToken()
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) showErrors(error.fieldErrors)
      else setGeneral(error instanceof HttpError ? 'We could not send your message. Please try again, or call us.' : 'Network error. Check your connection and try again.')
    } finally {
      setPending(false)
    }
  }

  return (
    <form ref={form} method="post" onSubmit={submit} noValidate className="relative space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-label="Contact form">
      <p className="text-sm text-slate-700">
        Fields marked <span aria-hidden="true" className="text-red-700">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id={`${id}-name`} name="name" label="Your name" required autoComplete="name" value={values.name} error={errors.name} onChange={(v) => set('name', v)} />
        <TextField id={`${id}-email`} name="email" label="Email" required type="email" autoComplete="email" inputMode="email" value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
      </div>
      <TextField id={`${id}-phone`} name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" value={values.phone} error={errors.phone} onChange={(v) => set('phone', v)} />
      <TextField id={`${id}-subject`} name="subject" label="Subject" required autoComplete="off" value={values.subject} error={errors.subject} onChange={(v) => set('subject', v)} />
      <TextField id={`${id}-message`} name="message" label="Message" required multiline value={values.message} error={errors.message} onChange={(v) => set('message', v)} />

      {/* Honeypot: people never see or reach it, form-filling bots do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`${id}-fax`}>Fax</label>
        <input id={`${id}-fax`} type="text" name="fax" tabIndex={-1} autoComplete="off" aria-hidden="true" defaultValue="" />
      </div>

      <div>
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        >
          {pending ? 'Sending…' : 'Send Message'}
        </button>
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {general}
        </p>
        <p role="status" className="mt-1 text-sm font-medium text-green-800">
          {sent}
        </p>
      </div>
    </form>
  )
}
export default ContactForm
