// The chatbot's email capture: posted to /api/leads as a lead with source 'Chatbot', the questions
// asked as its message, plus the form token and the visitor's attribution like every form.
import { useId, useState, type FormEvent } from 'react'
import { apiRequest, HttpError } from '../../shared/request.ts'
import { attributionFields } from '../forms/submission.ts'
import { useFormSession } from '../forms/useFormSession.ts'

export const CHATBOT_SOURCE = 'Chatbot'
export const CHATBOT_CAMPAIGN = 'Chatbot Conversation'

/** The questions of the conversation, newest last, as the lead's message (at most 5000 characters). */
export function transcript(asked: string[], page: string): string {
  const lines = [`Chatbot conversation on ${page}`, ...asked.slice(-20).map((q) => `Q: ${q}`)]
  return lines.join('\n').slice(0, 5000)
}

export function ChatLeadForm({ asked, onSent }: { asked: string[]; onSent: (email: string) => void }) {
  const id = useId()
  const session = useFormSession()
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  const [pending, setPending] = useState(false)
  const [sent, setSent] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = email.trim()
    if (!value || pending) return
    // The full rule is the server's (shared/contract.ts EmailSchema); this catches typos early.
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setError('Enter a valid email address, like name@company.com.')
      return
    }
    setError('')
    setPending(true)
    try {
      const body = {
        email: value,
        firstName: '',
        lastName: '',
        company: '',
        phone: '',
        message: transcript(asked, location.pathname),
        ...attributionFields(),
        source: CHATBOT_SOURCE,
        campaign: CHATBOT_CAMPAIGN,
        fax: '',
        formToken: await session.formToken(),
      }
      await apiRequest('POST', '/api/leads', body, { 'Idempotency-Key': session.idempotencyKey() })
      setSent(true)
      session.renew()
      onSent(value)
    } catch (e) {
      setError(e instanceof HttpError ? (e.fieldErrors.email ?? 'We could not save your email. Please try again, or call us.') : 'Network error. Check your connection and try again.')
    } finally {
      setPending(false)
    }
  }

  if (sent) return null
  return (
    <form onSubmit={submit} noValidate aria-label="Leave your email" className="border-t border-slate-200 bg-slate-50 px-4 py-3">
      <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
        Leave your email and a strategist will follow up
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded-md border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 aria-[invalid=true]:border-red-700"
        />
        <button type="submit" disabled={pending || !email.trim()} className="rounded-md bg-ink px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60">
          {pending ? 'Sending…' : 'Send'}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  )
}
