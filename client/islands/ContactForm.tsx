// Contact form (/contact). Checked in the browser with the shared ContactSchema, then posted to
// /api/contact with the signed form token, attribution and an idempotency key. The answer is
// shown in place, in a status message screen readers announce.
import { useId, useState } from 'react'
import { ContactSchema } from '../../shared/contract.ts'
import { FormMessages, Honeypot, RequiredNote, SubmitButton, TextField } from '../forms/fields.tsx'
import { useForm } from '../forms/useForm.ts'

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '' }

export function ContactForm() {
  const id = useId()
  const [sent, setSent] = useState('')
  const { ref, values, errors, set, reset, general, pending, submit } = useForm({
    initial: EMPTY,
    fields: ['name', 'email', 'phone', 'subject', 'message'],
    endpoint: '/api/contact',
    contract: ContactSchema,
    messages: { failed: 'We could not send your message. Please try again.', server: 'We could not send your message. Please try again, or call us.' },
    onStart: () => setSent(''),
    onSuccess: (sentValues) => {
      setSent(`Thanks, ${sentValues.name.trim()}. Your message is on its way and a strategist will reply within one business day.`)
      reset()
    },
  })

  return (
    <form
      ref={ref}
      method="post"
      onSubmit={submit}
      noValidate
      className="relative space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      aria-label="Contact form"
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
          label="Email"
          required
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          error={errors.email}
          onChange={(v) => set('email', v)}
        />
      </div>
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
        id={`${id}-subject`}
        name="subject"
        label="Subject"
        required
        autoComplete="off"
        value={values.subject}
        error={errors.subject}
        onChange={(v) => set('subject', v)}
      />
      <TextField
        id={`${id}-message`}
        name="message"
        label="Message"
        required
        rows={6}
        value={values.message}
        error={errors.message}
        onChange={(v) => set('message', v)}
      />
      <Honeypot id={`${id}-fax`} />
      <div>
        <SubmitButton pending={pending} label="Send Message" />
        <FormMessages error={general} success={sent} />
      </div>
    </form>
  )
}
export default ContactForm
