// Contact form (/contact). Checked in the browser with the shared ContactSchema, then posted to
// /api/contact with the signed form token, attribution and an idempotency key. The answer is
// shown in place, in a status message screen readers announce.
import { useId, useRef, useState, type FormEvent } from 'react'
import { ContactSchema, fieldErrors } from '../../shared/contract.ts'
import { apiRequest, HttpError } from '../../shared/request.ts'
import { CHECK_FIELDS, FormMessages, Honeypot, honeypotValue, NETWORK_ERROR, RequiredNote, SubmitButton, TextField } from '../forms/fields.tsx'
import { attributionFields, splitFieldErrors } from '../forms/submission.ts'
import { useFocusFirstInvalid, useFormSession, useValuesTypedBeforeHydration } from '../forms/useFormSession.ts'

type Values = { name: string; email: string; phone: string; subject: string; message: string }
type Errors = Partial<Record<keyof Values, string>>

const FIELDS: (keyof Values)[] = ['name', 'email', 'phone', 'subject', 'message']
const EMPTY: Values = { name: '', email: '', phone: '', subject: '', message: '' }

export function ContactForm() {
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const session = useFormSession()
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [general, setGeneral] = useState('')
  const [sent, setSent] = useState('')
  const [pending, setPending] = useState(false)
  const focusFirstInvalid = useFocusFirstInvalid(form, errors)
  useValuesTypedBeforeHydration(form, FIELDS, (typed) => setValues((v) => ({ ...v, ...typed })))

  function set(key: keyof Values, value: string) {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors(({ [key]: _, ...rest }) => rest as Errors)
  }

  function showErrors(all: Record<string, string>) {
    const { known, other } = splitFieldErrors(all, FIELDS)
    focusFirstInvalid()
    setErrors(known)
    setGeneral(Object.keys(known).length > 0 ? CHECK_FIELDS : (other[0] ?? 'We could not send your message. Please try again.'))
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setSent('')
    const fax = honeypotValue(event.currentTarget)
    const parsed = ContactSchema.safeParse({ ...values, fax })
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setGeneral('')
    setPending(true)
    try {
      const body = { ...values, fax, formToken: await session.formToken(), ...attributionFields() }
      await apiRequest('POST', '/api/contact', body, { 'Idempotency-Key': session.idempotencyKey() })
      setSent(`Thanks, ${parsed.data.name}. Your message is on its way and a strategist will reply within one business day.`)
      setValues(EMPTY)
      session.renew()
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) showErrors(error.fieldErrors)
      else setGeneral(error instanceof HttpError ? 'We could not send your message. Please try again, or call us.' : NETWORK_ERROR)
    } finally {
      setPending(false)
    }
  }

  return (
    <form ref={form} method="post" onSubmit={submit} noValidate className="relative space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-label="Contact form">
      <RequiredNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id={`${id}-name`} name="name" label="Your name" required autoComplete="name" value={values.name} error={errors.name} onChange={(v) => set('name', v)} />
        <TextField id={`${id}-email`} name="email" label="Email" required type="email" autoComplete="email" inputMode="email" value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
      </div>
      <TextField id={`${id}-phone`} name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" value={values.phone} error={errors.phone} onChange={(v) => set('phone', v)} />
      <TextField id={`${id}-subject`} name="subject" label="Subject" required autoComplete="off" value={values.subject} error={errors.subject} onChange={(v) => set('subject', v)} />
      <TextField id={`${id}-message`} name="message" label="Message" required rows={6} value={values.message} error={errors.message} onChange={(v) => set('message', v)} />
      <Honeypot id={`${id}-fax`} />
      <div>
        <SubmitButton pending={pending} label="Send Message" />
        <FormMessages error={general} success={sent} />
      </div>
    </form>
  )
}
export default ContactForm
