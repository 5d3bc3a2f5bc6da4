// Contact form (/contact). Checked in the browser with the shared ContactSchema, then posted to
// /api/contact with the signed form token, attribution and an idempotency key. The answer is
// shown in place, in a status message screen readers announce.
import { useState } from 'react'
import { EMAIL_INPUT, FormCard, FormEnd, PHONE_INPUT, TextField } from '../forms/fields.tsx'
import { useForm } from '../forms/useForm.ts'
import { useIslandId } from './islandIds.ts'

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '' }

export function ContactForm() {
  const id = useIslandId('contact')
  const [sent, setSent] = useState('')
  const { ref, textField, reset, general, pending, submit } = useForm({
    initial: EMPTY,
    fields: ['name', 'email', 'phone', 'subject', 'message'],
    endpoint: '/api/contact',
    contract: () => import('../../shared/contract.ts').then((m) => m.ContactSchema),
    messages: { failed: 'We could not send your message. Please try again.', server: 'We could not send your message. Please try again, or call us.' },
    onStart: () => setSent(''),
    onSuccess: (sentValues) => {
      setSent(`Thanks, ${sentValues.name.trim()}. Your message is on its way and a strategist will reply within one business day.`)
      reset()
    },
  })

  return (
    <FormCard formRef={ref} onSubmit={submit} label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...textField('name', id)} label="Your name" required autoComplete="name" />
        <TextField {...textField('email', id)} {...EMAIL_INPUT} label="Email" required />
      </div>
      <TextField {...textField('phone', id)} {...PHONE_INPUT} label="Phone" />
      <TextField {...textField('subject', id)} label="Subject" required autoComplete="off" />
      <TextField {...textField('message', id)} label="Message" required rows={6} />
      <FormEnd idBase={id} pending={pending} label="Send Message" error={general} success={sent} />
    </FormCard>
  )
}
export default ContactForm
