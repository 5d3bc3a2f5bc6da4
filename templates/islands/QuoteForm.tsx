// Free-quote form (/free-quote). Checked in the browser with the shared QuoteSchema, then posted to
// /api/quotes with the signed form token, the visitor's attribution and an idempotency key.
// Success goes to /thank-you; a 400 shows the server's messages under the fields.
import { useEffect, useId, useRef, useState, type FormEvent, type HTMLAttributes } from 'react'
import { AttributionSchema, budgetLabels, budgets, fieldErrors, QuoteSchema, timelineLabels, timelines } from '../../shared/contract.ts'
import { apiRequest, HttpError } from '../../shared/request.ts'

export type QuoteFormProps = { services: { id: string; label: string }[] }

type Values = {
  name: string
  email: string
  phone: string
  company: string
  website: string
  services: string[]
  budget: string
  timeline: string
  message: string
  consent: boolean
}
type Errors = Partial<Record<keyof Values, string>>

const FIELDS: (keyof Values)[] = ['name', 'email', 'phone', 'company', 'website', 'services', 'budget', 'timeline', 'message', 'consent']
const EMPTY: Values = { name: '', email: '', phone: '', company: '', website: '', services: [], budget: '', timeline: '', message: '', consent: false }

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 aria-[invalid=true]:border-red-700'
const boxClass = 'h-4 w-4 shrink-0 rounded border-slate-500 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

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

/** Keeps the first message per top-level field ("services.0" counts as "services"). */
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
        <textarea {...a11y} rows={5} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
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

export function QuoteForm({ services }: QuoteFormProps) {
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const token = useRef('')
  const idempotencyKey = useRef('')
  const focusFirstError = useRef(false)
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [general, setGeneral] = useState('')
  const [pending, setPending] = useState(false)

  useEffect(() => {
    idempotencyKey.current = newKey()
    fetchFormToken()
      .then((t) => (token.current = t))
      .catch(() => {})
  }, [])

  useEffect(() => {
    if (!focusFirstError.current) return
    focusFirstError.current = false
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors(({ [key]: _, ...rest }) => rest as Errors)
  }

  function showErrors(all: Record<string, string>) {
    const { known, other } = byField(all)
    focusFirstError.current = true
    setErrors(known)
    setGeneral(Object.keys(known).length > 0 ? 'Please check the fields marked below.' : (other[0] ?? 'We could not send your request. Please try again.'))
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const fax = (event.currentTarget.elements.namedItem('fax') as HTMLInputElement | null)?.value ?? ''
    const parsed = QuoteSchema.safeParse({ ...values, fax })
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
      await apiRequest('POST', '/api/quotes', body, { 'Idempotency-Key': idempotencyKey.current })
      location.assign('/thank-you')
    } catch (error) {
      setPending(false)
      if (error instanceof HttpError && error.status === 400) showErrors(error.fieldErrors)
      else setGeneral(error instanceof HttpError ? 'We could not send your request. Please try again, or call us.' : 'Network error. Check your connection and try again.')
    }
  }

  const groupError = (key: 'services' | 'budget') =>
    errors[key] && (
      <p id={`${id}-${key}-error`} className="mt-2 text-sm text-red-700">
        {errors[key]}
      </p>
    )

  return (
    <form ref={form} method="post" onSubmit={submit} noValidate className="relative space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-label="Free quote request">
      <p className="text-sm text-slate-700">
        Fields marked <span aria-hidden="true" className="text-red-700">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id={`${id}-name`} name="name" label="Your name" required autoComplete="name" value={values.name} error={errors.name} onChange={(v) => set('name', v)} />
        <TextField id={`${id}-email`} name="email" label="Work email" required type="email" autoComplete="email" inputMode="email" value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
        <TextField id={`${id}-phone`} name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" value={values.phone} error={errors.phone} onChange={(v) => set('phone', v)} />
        <TextField id={`${id}-company`} name="company" label="Company" autoComplete="organization" value={values.company} error={errors.company} onChange={(v) => set('company', v)} />
        <div className="sm:col-span-2">
          <TextField id={`${id}-website`} name="website" label="Website" type="url" autoComplete="url" inputMode="url" value={values.website} error={errors.website} onChange={(v) => set('website', v)} />
        </div>
      </div>

      <fieldset aria-describedby={errors.services ? `${id}-services-error` : undefined}>
        <legend className="text-sm font-semibold text-slate-800">
          Services you are interested in <span aria-hidden="true" className="text-red-700">*</span>
        </legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {services.map((service) => (
            <label key={service.id} htmlFor={`${id}-svc-${service.id}`} className="flex items-center gap-3 text-slate-800">
              <input
                id={`${id}-svc-${service.id}`}
                type="checkbox"
                name="services"
                value={service.id}
                checked={values.services.includes(service.id)}
                aria-invalid={errors.services ? true : undefined}
                onChange={(e) => set('services', e.target.checked ? [...values.services, service.id] : values.services.filter((s) => s !== service.id))}
                className={boxClass}
              />
              {service.label}
            </label>
          ))}
        </div>
        {groupError('services')}
      </fieldset>

      <fieldset aria-describedby={errors.budget ? `${id}-budget-error` : undefined}>
        <legend className="text-sm font-semibold text-slate-800">
          Monthly budget <span aria-hidden="true" className="text-red-700">*</span>
        </legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {budgets.map((budget) => (
            <label key={budget} htmlFor={`${id}-budget-${budget}`} className="flex items-center gap-3 text-slate-800">
              <input
                id={`${id}-budget-${budget}`}
                type="radio"
                name="budget"
                value={budget}
                required
                checked={values.budget === budget}
                aria-invalid={errors.budget ? true : undefined}
                onChange={() => set('budget', budget)}
                className={boxClass}
              />
              {budgetLabels[budget]}
            </label>
          ))}
        </div>
        {groupError('budget')}
      </fieldset>

      <div>
        <label htmlFor={`${id}-timeline`} className="block text-sm font-semibold text-slate-800">
          When do you want to start? <span aria-hidden="true" className="text-red-700">*</span>
        </label>
        <select
          id={`${id}-timeline`}
          name="timeline"
          required
          value={values.timeline}
          aria-invalid={errors.timeline ? true : undefined}
          aria-describedby={errors.timeline ? `${id}-timeline-error` : undefined}
          onChange={(e) => set('timeline', e.target.value)}
          className={inputClass}
        >
          <option value="">Choose a timeline</option>
          {timelines.map((t) => (
            <option key={t} value={t}>
              {timelineLabels[t]}
            </option>
          ))}
        </select>
        {errors.timeline && (
          <p id={`${id}-timeline-error`} className="mt-1 text-sm text-red-700">
            {errors.timeline}
          </p>
        )}
      </div>

      <TextField id={`${id}-message`} name="message" label="Goals, current results or anything we should know" multiline value={values.message} error={errors.message} onChange={(v) => set('message', v)} />

      <div>
        <label htmlFor={`${id}-consent`} className="flex items-start gap-3 text-sm text-slate-800">
          <input
            id={`${id}-consent`}
            type="checkbox"
            name="consent"
            required
            checked={values.consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
            onChange={(e) => set('consent', e.target.checked)}
            className={`${boxClass} mt-0.5`}
          />
          <span>
            I agree to be contacted by email or phone about my quote. <span aria-hidden="true" className="text-red-700">*</span>
          </span>
        </label>
        {errors.consent && (
          <p id={`${id}-consent-error`} className="mt-1 text-sm text-red-700">
            {errors.consent}
          </p>
        )}
      </div>

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
          {pending ? 'Sending…' : 'Get My Free Quote'}
        </button>
        <p role="alert" className="mt-3 min-h-5 text-sm font-medium text-red-700">
          {general}
        </p>
      </div>
    </form>
  )
}
export default QuoteForm
