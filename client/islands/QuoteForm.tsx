// Free-quote form (/free-quote, /quote, /get-quote). Checked in the browser with the shared
// QuoteSchema, then posted to /api/quotes with the signed form token, the visitor's attribution
// and an idempotency key. Success goes to /thank-you; a 400 shows the server's messages under the
// fields.
import { useId } from 'react'
import { QuoteSchema, timelineLabels, timelines } from '../../shared/contract.ts'
import {
  BudgetChoice,
  checkClass,
  errorId,
  FieldError,
  FieldLabel,
  FormMessages,
  Honeypot,
  inputClass,
  invalidProps,
  RequiredMark,
  RequiredNote,
  SubmitButton,
  TextField,
} from '../forms/fields.tsx'
import { useForm } from '../forms/useForm.ts'

export type QuoteFormProps = { services: { id: string; label: string }[] }

const EMPTY = { name: '', email: '', phone: '', company: '', website: '', services: [] as string[], budget: '', timeline: '', message: '', consent: false }

export function QuoteForm({ services }: QuoteFormProps) {
  const id = useId()
  const { ref, values, errors, set, general, pending, submit } = useForm({
    initial: EMPTY,
    fields: ['name', 'email', 'phone', 'company', 'website', 'services', 'budget', 'timeline', 'message', 'consent'],
    endpoint: '/api/quotes',
    contract: QuoteSchema,
    // The page is left for /thank-you: the button stays "Sending…" until it is.
    onSuccess: () => {
      location.assign('/thank-you')
      return 'leaving'
    },
  })

  const toggleService = (service: string, on: boolean) => set('services', on ? [...values.services, service] : values.services.filter((s) => s !== service))

  return (
    <form
      ref={ref}
      method="post"
      onSubmit={submit}
      noValidate
      className="relative space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      aria-label="Free quote request"
    >
      <RequiredNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          name="name"
          label="Your name"
          required
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(v) => set('name', v)}
        />
        <TextField
          id={`${id}-email`}
          name="email"
          label="Work email"
          required
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          error={errors.email}
          onChange={(v) => set('email', v)}
        />
        <TextField
          id={`${id}-phone`}
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={values.phone}
          error={errors.phone}
          onChange={(v) => set('phone', v)}
        />
        <TextField
          id={`${id}-company`}
          name="company"
          label="Company"
          autoComplete="organization"
          value={values.company}
          error={errors.company}
          onChange={(v) => set('company', v)}
        />
        <div className="sm:col-span-2">
          <TextField
            id={`${id}-website`}
            name="website"
            label="Website"
            type="url"
            autoComplete="url"
            inputMode="url"
            value={values.website}
            error={errors.website}
            onChange={(v) => set('website', v)}
          />
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

      <BudgetChoice
        id={id}
        value={values.budget}
        error={errors.budget}
        required
        listClass="mt-3 grid gap-3 sm:grid-cols-2"
        onChange={(budget) => set('budget', budget)}
      />

      <div>
        <FieldLabel htmlFor={`${id}-timeline`} text="When do you want to start?" required />
        <select
          id={`${id}-timeline`}
          name="timeline"
          required
          value={values.timeline}
          {...invalidProps(`${id}-timeline`, errors.timeline)}
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
        <FieldError id={errorId(`${id}-timeline`)} error={errors.timeline} />
      </div>

      <TextField
        id={`${id}-message`}
        name="message"
        label="Goals, current results or anything we should know"
        rows={5}
        value={values.message}
        error={errors.message}
        onChange={(v) => set('message', v)}
      />

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
