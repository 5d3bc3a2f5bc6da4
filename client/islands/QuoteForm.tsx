// Free-quote form (/free-quote, /quote, /get-quote). Checked in the browser with the shared
// QuoteSchema, then posted to /api/quotes with the signed form token, the visitor's attribution
// and an idempotency key. Success goes to /thank-you; a 400 shows the server's messages under the
// fields.
import { timelineLabels, timelines } from '../../shared/formOptions.ts'
import {
  BudgetChoice,
  checkClass,
  EMAIL_INPUT,
  errorId,
  FieldError,
  FormCard,
  FormEnd,
  invalidProps,
  PHONE_INPUT,
  RequiredMark,
  SelectField,
  TextField,
} from '../forms/fields.tsx'
import { useForm } from '../forms/useForm.ts'
import { useIslandId } from './islandIds.ts'

export type QuoteFormProps = { services: { id: string; label: string }[] }

const EMPTY = { name: '', email: '', phone: '', company: '', website: '', services: [] as string[], budget: '', timeline: '', message: '', consent: false }

export function QuoteForm({ services }: QuoteFormProps) {
  const id = useIslandId('quote')
  const { ref, values, errors, set, textField, general, pending, submit } = useForm({
    initial: EMPTY,
    fields: ['name', 'email', 'phone', 'company', 'website', 'services', 'budget', 'timeline', 'message', 'consent'],
    endpoint: '/api/quotes',
    contract: () => import('../../shared/contract.ts').then((m) => m.QuoteSchema),
    // The page is left for /thank-you: the button stays "Sending…" until it is.
    onSuccess: () => {
      location.assign('/thank-you')
      return 'leaving'
    },
  })

  const toggleService = (service: string, on: boolean) => set('services', on ? [...values.services, service] : values.services.filter((s) => s !== service))

  return (
    <FormCard formRef={ref} onSubmit={submit} label="Free quote request" roomy>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...textField('name', id)} label="Your name" required autoComplete="name" />
        <TextField {...textField('email', id)} {...EMAIL_INPUT} label="Work email" required />
        <TextField {...textField('phone', id)} {...PHONE_INPUT} label="Phone" />
        <TextField {...textField('company', id)} label="Company" autoComplete="organization" />
        <div className="sm:col-span-2">
          <TextField {...textField('website', id)} label="Website" type="url" autoComplete="url" inputMode="url" />
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

      <SelectField
        id={`${id}-timeline`}
        name="timeline"
        label="When do you want to start?"
        required
        placeholder="Choose a timeline"
        options={timelines.map((t) => ({ value: t, label: timelineLabels[t] }))}
        value={values.timeline}
        error={errors.timeline}
        onChange={(v) => set('timeline', v)}
      />

      <TextField {...textField('message', id)} label="Goals, current results or anything we should know" rows={5} />

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

      <FormEnd idBase={id} pending={pending} label="Get My Free Quote" error={general} />
    </FormCard>
  )
}
export default QuoteForm
