// Free-quote form (/free-quote, /quote, /get-quote). Checked in the browser with the shared
// QuoteSchema, then posted to /api/quotes with the signed form token, the visitor's attribution
// and an idempotency key. Success goes to /thank-you; a 400 shows the server's messages under the
// fields.
import { useId, useRef, useState, type FormEvent } from 'react'
import { budgetLabels, budgets, fieldErrors, QuoteSchema, timelineLabels, timelines } from '../../shared/contract.ts'
import { apiRequest, HttpError } from '../../shared/request.ts'
import { CHECK_FIELDS, checkClass, errorId, FieldError, FieldLabel, FormMessages, Honeypot, honeypotValue, inputClass, invalidProps, RequiredMark, RequiredNote, SubmitButton, TextField, NETWORK_ERROR } from '../forms/fields.tsx'
import { attributionFields, splitFieldErrors } from '../forms/submission.ts'
import { useFocusFirstInvalid, useFormSession, useValuesTypedBeforeHydration } from '../forms/useFormSession.ts'

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

export function QuoteForm({ services }: QuoteFormProps) {
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const session = useFormSession()
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [general, setGeneral] = useState('')
  const [pending, setPending] = useState(false)
  const focusFirstInvalid = useFocusFirstInvalid(form, errors)
  useValuesTypedBeforeHydration(form, ['name', 'email', 'phone', 'company', 'website', 'timeline', 'message'] as const, (typed) => setValues((v) => ({ ...v, ...typed })))

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors(({ [key]: _, ...rest }) => rest as Errors)
  }

  function showErrors(all: Record<string, string>) {
    const { known, other } = splitFieldErrors(all, FIELDS)
    focusFirstInvalid()
    setErrors(known)
    setGeneral(Object.keys(known).length > 0 ? CHECK_FIELDS : (other[0] ?? 'We could not send your request. Please try again.'))
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const fax = honeypotValue(event.currentTarget)
    const parsed = QuoteSchema.safeParse({ ...values, fax })
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setGeneral('')
    setPending(true)
    try {
      const body = { ...values, fax, formToken: await session.formToken(), ...attributionFields() }
      await apiRequest('POST', '/api/quotes', body, { 'Idempotency-Key': session.idempotencyKey() })
      location.assign('/thank-you')
    } catch (error) {
      setPending(false)
      if (error instanceof HttpError && error.status === 400) showErrors(error.fieldErrors)
      else setGeneral(error instanceof HttpError ? 'We could not send your request. Please try again, or call us.' : NETWORK_ERROR)
    }
  }

  const toggleService = (service: string, on: boolean) => set('services', on ? [...values.services, service] : values.services.filter((s) => s !== service))

  return (
    <form ref={form} method="post" onSubmit={submit} noValidate className="relative space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-label="Free quote request">
      <RequiredNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id={`${id}-name`} name="name" label="Your name" required autoComplete="name" value={values.name} error={errors.name} onChange={(v) => set('name', v)} />
        <TextField id={`${id}-email`} name="email" label="Work email" required type="email" autoComplete="email" inputMode="email" value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
        <TextField id={`${id}-phone`} name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" value={values.phone} error={errors.phone} onChange={(v) => set('phone', v)} />
        <TextField id={`${id}-company`} name="company" label="Company" autoComplete="organization" value={values.company} error={errors.company} onChange={(v) => set('company', v)} />
        <div className="sm:col-span-2">
          <TextField id={`${id}-website`} name="website" label="Website" type="url" autoComplete="url" inputMode="url" value={values.website} error={errors.website} onChange={(v) => set('website', v)} />
        </div>
      </div>

      <fieldset aria-describedby={errors.services ? errorId(`${id}-services`) : undefined}>
        <legend className="text-sm font-semibold text-slate-800">
          Services you are interested in
          <RequiredMark />
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
                onChange={(e) => toggleService(service.id, e.target.checked)}
                className={checkClass}
              />
              {service.label}
            </label>
          ))}
        </div>
        <FieldError id={errorId(`${id}-services`)} error={errors.services} className="mt-2" />
      </fieldset>

      <fieldset aria-describedby={errors.budget ? errorId(`${id}-budget`) : undefined}>
        <legend className="text-sm font-semibold text-slate-800">
          Monthly budget
          <RequiredMark />
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
                className={checkClass}
              />
              {budgetLabels[budget]}
            </label>
          ))}
        </div>
        <FieldError id={errorId(`${id}-budget`)} error={errors.budget} className="mt-2" />
      </fieldset>

      <div>
        <FieldLabel htmlFor={`${id}-timeline`} text="When do you want to start?" required />
        <select id={`${id}-timeline`} name="timeline" required value={values.timeline} {...invalidProps(`${id}-timeline`, errors.timeline)} onChange={(e) => set('timeline', e.target.value)} className={inputClass}>
          <option value="">Choose a timeline</option>
          {timelines.map((t) => (
            <option key={t} value={t}>
              {timelineLabels[t]}
            </option>
          ))}
        </select>
        <FieldError id={errorId(`${id}-timeline`)} error={errors.timeline} />
      </div>

      <TextField id={`${id}-message`} name="message" label="Goals, current results or anything we should know" rows={5} value={values.message} error={errors.message} onChange={(v) => set('message', v)} />

      <div>
        <label htmlFor={`${id}-consent`} className="flex items-start gap-3 text-sm text-slate-800">
          <input
            id={`${id}-consent`}
            type="checkbox"
            name="consent"
            required
            checked={values.consent}
            {...invalidProps(`${id}-consent`, errors.consent)}
            onChange={(e) => set('consent', e.target.checked)}
            className={`${checkClass} mt-0.5`}
          />
          <span>
            I agree to be contacted by email or phone about my quote.
            <RequiredMark />
          </span>
        </label>
        <FieldError id={errorId(`${id}-consent`)} error={errors.consent} />
      </div>

      <Honeypot id={`${id}-fax`} />

      <div>
        <SubmitButton pending={pending} label="Get My Free Quote" />
        <FormMessages error={general} />
      </div>
    </form>
  )
}
export default QuoteForm
