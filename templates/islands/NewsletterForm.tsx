// Footer newsletter signup, posted to /api/newsletter.
import { useId, useState, type FormEvent } from 'react'
import { apiRequest, HttpError } from '../../shared/request.ts'

type Status = { kind: 'idle' | 'pending' | 'done' | 'error'; message?: string }

export function NewsletterForm() {
  const id = useId()
  const [email, setEmail] = useState('')
  const [status, setStatus] = useState<Status>({ kind: 'idle' })

  async function submit(event: FormEvent) {
    event.preventDefault()
    setStatus({ kind: 'pending' })
    try {
      await apiRequest('POST', '/api/newsletter', { email, source: 'Footer', landingPage: location.pathname + location.search })
      setStatus({ kind: 'done', message: 'Thanks, you are subscribed. Check your inbox for a welcome email.' })
      setEmail('')
    } catch (error) {
      const message = error instanceof HttpError ? (error.fieldErrors.email ?? 'We could not subscribe you. Please try again.') : 'Network error. Please try again.'
      setStatus({ kind: 'error', message })
    }
  }

  return (
    <form onSubmit={submit} className="mt-3" noValidate={false}>
      <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-200">
        Email address
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
          className="min-w-0 flex-1 rounded-md border border-slate-600 bg-slate-800 px-3 py-2 text-white placeholder:text-slate-400"
          placeholder="you@company.com"
        />
        <button type="submit" disabled={status.kind === 'pending' || !email} className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {status.kind === 'pending' ? 'Sending…' : 'Subscribe'}
        </button>
      </div>
      <p role="status" aria-live="polite" className={`mt-2 min-h-5 text-sm ${status.kind === 'error' ? 'text-red-300' : 'text-slate-300'}`}>
        {status.message}
      </p>
    </form>
  )
}
export default NewsletterForm
