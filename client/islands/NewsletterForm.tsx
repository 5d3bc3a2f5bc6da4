// Footer newsletter signup, posted to /api/newsletter with the signed form token (without it the
// server files the signup as spam).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { apiRequest, HttpError } from '../../shared/request.ts'
import { fetchFormToken } from '../forms/formToken.ts'

type Status = { kind: 'idle' | 'pending' | 'done' | 'error'; message?: string }

export function NewsletterForm() {
  const id = useId()
  const [email, setEmail] = useState('')
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const token = useRef('')

  function refreshToken() {
    fetchFormToken()
      .then((t) => (token.current = t))
      .catch(() => {})
  }
  useEffect(refreshToken, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (status.kind === 'pending') return
    setStatus({ kind: 'pending' })
    try {
      const formToken = token.current || (await fetchFormToken().catch(() => ''))
      await apiRequest('POST', '/api/newsletter', { email, source: 'Footer', landingPage: location.pathname + location.search, formToken })
      setStatus({ kind: 'done', message: 'Thanks, you are subscribed. Check your inbox for a welcome email.' })
      setEmail('')
      token.current = ''
      refreshToken()
    } catch (error) {
      const message = error instanceof HttpError ? (error.fieldErrors.email ?? 'We could not subscribe you. Please try again.') : 'Network error. Please try again.'
      setStatus({ kind: 'error', message })
    }
  }

  return (
    <form onSubmit={submit} className="mt-3" aria-label="Newsletter signup">
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
          className="min-w-0 flex-1 rounded-md border border-slate-500 bg-slate-800 px-3 py-2 text-white placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-orange-400"
          placeholder="you@company.com"
        />
        <button type="submit" disabled={status.kind === 'pending' || !email} className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-400 disabled:opacity-60">
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
