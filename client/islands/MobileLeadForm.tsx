// The mobile three-step lead form (spec sections 3 and 4), shown only when data/site.yaml sets
// features.mobileLeadForm (off by default). On small screens a "Quick quote" button opens it as
// a modal overlay: step 1 contact details, step 2 company and budget, step 3 the project; Back
// stops at step 1 and the progress bar shows step/3. It is sent to /api/leads as a lead with
// source 'Mobile Lead Form'. See docs/decisions/033-mobile-lead-form.md.
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { budgetLabels, budgets, fieldErrors, QuoteSchema } from '../../shared/contract.ts'
import { BudgetChoice, FormMessages, Honeypot, TextField, EMAIL_INPUT, PHONE_INPUT } from '../forms/fields.tsx'
import { splitFieldErrors } from '../forms/submission.ts'
import { useForm } from '../forms/useForm.ts'
import { useIslandId } from './islandIds.ts'

export const MOBILE_FORM_SOURCE = 'Mobile Lead Form'
export const MOBILE_FORM_CAMPAIGN = 'Free Quote Request'
export const STEPS = 3

type Values = { name: string; email: string; phone: string; company: string; budget: string; message: string }
type Field = keyof Values
type Errors = Partial<Record<Field, string>>

const EMPTY: Values = { name: '', email: '', phone: '', company: '', budget: '', message: '' }
const STEP_FIELDS: Record<number, Field[]> = { 1: ['name', 'email', 'phone'], 2: ['company', 'budget'], 3: ['message'] }
const STEP_TITLES: Record<number, string> = { 1: 'How can we reach you?', 2: 'About your business', 3: 'About your project' }
/** The draft's rules are the quote form's, from the shared contract. */
const DraftSchema = QuoteSchema.pick({ name: true, email: true, phone: true, company: true, budget: true, message: true })

const stepOf = (field: Field) => Number(Object.keys(STEP_FIELDS).find((s) => STEP_FIELDS[Number(s)].includes(field)))

/** The problems of one step's fields (all steps when `step` is omitted). */
export function stepErrors(values: Values, step?: number): Errors {
  const parsed = DraftSchema.safeParse(values)
  if (parsed.success) return {}
  const { known } = splitFieldErrors(fieldErrors(parsed.error), step ? STEP_FIELDS[step] : Object.values(STEP_FIELDS).flat())
  return known
}

/** The lead the API stores: the name split in two, the budget written into the message. */
export function leadBody(values: Values) {
  const [firstName, ...rest] = values.name.trim().split(/\s+/)
  const budget = budgetLabels[values.budget as (typeof budgets)[number]] ?? ''
  return {
    email: values.email.trim(),
    firstName,
    lastName: rest.join(' '),
    company: values.company.trim(),
    phone: values.phone.trim(),
    message: [`Budget: ${budget}`, values.message.trim()].filter(Boolean).join('\n\n'),
    source: MOBILE_FORM_SOURCE,
    campaign: MOBILE_FORM_CAMPAIGN,
  }
}

export function MobileLeadForm() {
  const id = useIslandId('lead')
  const trigger = useRef<HTMLButtonElement>(null)
  const dialog = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const [step, setStep] = useState(1)
  const [sentTo, setSentTo] = useState('')
  const { ref, values, errors, set, textField, reset, setErrors, showErrors, general, pending, submit } = useForm({
    initial: EMPTY,
    fields: Object.values(STEP_FIELDS).flat(),
    endpoint: '/api/leads',
    body: leadBody,
    // The rules of every step; a problem on an earlier step goes back to it.
    check: (v) => stepErrors(v),
    // The API knows the name as firstName and lastName.
    mapServerErrors: (all) => {
      const name = all.firstName ?? all.lastName
      return name ? { ...all, name } : all
    },
    messages: { checkFields: '' },
    // The form token is asked for when the form is first opened, not on every page load.
    active: open,
    onInvalid: (found) => setStep(Math.min(...(Object.keys(found) as Field[]).map(stepOf))),
    onSuccess: (sent) => {
      setSentTo(sent.name.trim().split(/\s+/)[0])
      reset()
      setStep(1)
    },
  })

  // The page does not scroll under the open sheet. A layout effect, as in the exit popup: locked
  // and unlocked with the render itself, not a task later.
  useLayoutEffect(() => {
    if (!open) return
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [open])

  // Each step starts at its heading, so screen readers hear which step this is. A layout effect:
  // focus is inside before the next key arrives, so an Escape pressed right after opening reaches
  // the dialog (Preact runs plain effects a task later, React at once after a click).
  useLayoutEffect(() => {
    if (open) dialog.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus()
  }, [open, step, sentTo])

  function close() {
    setOpen(false)
    trigger.current?.focus()
  }

  function next() {
    const found = stepErrors(values, step)
    if (Object.keys(found).length) return showErrors(found)
    setErrors({})
    setStep((s) => Math.min(STEPS, s + 1))
  }

  const back = () => {
    setErrors({})
    setStep((s) => Math.max(1, s - 1))
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (step < STEPS) next()
    else void submit()
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
      return
    }
    if (event.key !== 'Tab' || !dialog.current) return
    // A modal keeps keyboard focus inside until it is closed.
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([tabindex="-1"]), textarea, select')].filter(
      (el) => el.offsetParent !== null,
    )
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  }

  const button = 'rounded-md px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
  const titleId = `${id}-title`

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setSentTo('')
          setOpen(true)
        }}
        className="fixed bottom-20 left-4 z-40 h-12 rounded-full bg-ink px-4 text-sm font-semibold text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:hidden"
      >
        Quick quote
      </button>
      {open && (
        // A click on the backdrop closes the sheet for pointer users; keyboard users have Escape
        // and the Close button, handled by the dialog itself.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
        <div className="fixed inset-0 z-50 flex items-end bg-slate-900/60 md:hidden" onClick={(e) => e.target === e.currentTarget && close()}>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
          <div
            ref={dialog}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            onKeyDown={onKeyDown}
            className="max-h-[100dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 shadow-2xl"
          >
            <div className="flex items-start justify-between gap-3">
              <h2 id={titleId} className="text-lg font-bold text-ink">
                Get a free quote
              </h2>
              <button
                type="button"
                onClick={close}
                aria-label="Close quick quote"
                className="-m-1 rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            </div>

            {sentTo ? (
              <div className="mt-4 space-y-4">
                <p data-step-heading tabIndex={-1} role="status" className="text-slate-800 outline-none">
                  Thanks, {sentTo}! A strategist will contact you within 24 hours.
                </p>
                <button type="button" onClick={close} className={`${button} w-full bg-brand-600 text-white hover:bg-brand-700`}>
                  Close
                </button>
              </div>
            ) : (
              <form ref={ref} onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="relative mt-3 space-y-4">
                <div>
                  <p className="text-sm font-medium text-slate-700" aria-hidden="true">
                    Step {step} of {STEPS}
                  </p>
                  <div
                    role="progressbar"
                    aria-label="Progress"
                    aria-valuemin={1}
                    aria-valuemax={STEPS}
                    aria-valuenow={step}
                    aria-valuetext={`Step ${step} of ${STEPS}`}
                    className="mt-1 h-2 rounded-full bg-slate-200"
                  >
                    <div
                      className="h-2 rounded-full bg-brand-600 transition-[width] motion-reduce:transition-none"
                      style={{ width: `${(step / STEPS) * 100}%` }}
                    />
                  </div>
                </div>
                <h3 data-step-heading tabIndex={-1} className="text-base font-semibold text-ink outline-none">
                  <span className="sr-only">
                    Step {step} of {STEPS}:{' '}
                  </span>
                  {STEP_TITLES[step]}
                </h3>

                {step === 1 && (
                  <>
                    <TextField {...textField('name', id)} label="Your name" required autoComplete="name" />
                    <TextField {...textField('email', id)} {...EMAIL_INPUT} label="Email" required />
                    <TextField {...textField('phone', id)} {...PHONE_INPUT} label="Phone" />
                  </>
                )}
                {step === 2 && (
                  <>
                    <TextField {...textField('company', id)} label="Company" autoComplete="organization" />
                    <BudgetChoice id={id} value={values.budget} error={errors.budget} listClass="mt-2 space-y-2" onChange={(budget) => set('budget', budget)} />
                  </>
                )}
                {step === 3 && <TextField {...textField('message', id)} label="What would you like help with?" rows={4} />}

                <Honeypot id={`${id}-fax`} />
                <div className="flex gap-3">
                  {step > 1 && (
                    <button type="button" onClick={back} className={`${button} flex-1 border border-slate-400 text-slate-800 hover:bg-slate-50`}>
                      Back
                    </button>
                  )}
                  <button type="submit" disabled={pending} className={`${button} flex-1 bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-70`}>
                    {step < STEPS ? 'Next' : pending ? 'Sending…' : 'Send request'}
                  </button>
                </div>
                <FormMessages error={general} />
              </form>
            )}
          </div>
        </div>
      )}
    </>
  )
}
export default MobileLeadForm
