// Footer newsletter signup, posted to /api/newsletter with the signed form token (without it the
// server files the signup as spam).
import { useState } from 'react'
import { EmailInput } from '../forms/EmailInput.tsx'
import { useForm } from '../forms/useForm.ts'
import { useIslandId } from './islandIds.ts'

export function NewsletterForm() {
  const id = useIslandId('newsletter')
  const [done, setDone] = useState('')
  const { ref, values, errors, field, reset, general, pending, submit } = useForm({
    initial: { email: '' },
    fields: ['email'],
    endpoint: '/api/newsletter',
    // The page the signup was made on.
    body: ({ email }) => ({ email, source: 'Footer', landingPage: location.pathname + location.search }),
    messages: {
      failed: 'We could not subscribe you. Please try again.',
      server: 'We could not subscribe you. Please try again.',
      network: 'Network error. Please try again.',
    },
    onStart: () => setDone(''),
    onSuccess: () => {
      setDone('Almost there: check your inbox and click the link to confirm. Your welcome email follows.')
      reset()
    },
  })
  const problem = errors.email ?? (general || '')
  const email = values.email

  return (
    <form ref={ref} onSubmit={submit} className="mt-3" aria-label="Newsletter signup">
      <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-200">
        Email address
      </label>
      <div className="mt-2 flex gap-2">
        <EmailInput
          id={`${id}-email`}
          {...field('email')}
          className="min-w-0 flex-1 rounded-md border border-slate-500 bg-slate-800 px-3 py-2 text-white placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-orange-400"
          placeholder="you@company.com"
        />
        <button
          type="submit"
          disabled={pending || !email}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-400 disabled:opacity-60"
        >
          {pending ? 'Sending…' : 'Subscribe'}
        </button>
      </div>
      <p role="status" aria-live="polite" className={`mt-2 min-h-5 text-sm ${problem ? 'text-red-300' : 'text-slate-300'}`}>
        {problem || done}
      </p>
    </form>
  )
}
export default NewsletterForm
