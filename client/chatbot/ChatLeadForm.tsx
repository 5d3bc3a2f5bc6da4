// The chatbot's email capture: posted to /api/leads as a lead with source 'Chatbot', the questions
// asked as its message, plus the form token and the visitor's attribution like every form.
import { useState } from 'react'
import { EmailInput } from '../forms/EmailInput.tsx'
import { useForm } from '../forms/useForm.ts'
import { useIslandId } from '../islands/islandIds.ts'

export const CHATBOT_SOURCE = 'Chatbot'
export const CHATBOT_CAMPAIGN = 'Chatbot Conversation'

/** The questions of the conversation, newest last, as the lead's message (at most 5000 characters). */
export function transcript(asked: string[], page: string): string {
  const lines = [`Chatbot conversation on ${page}`, ...asked.slice(-20).map((q) => `Q: ${q}`)]
  return lines.join('\n').slice(0, 5000)
}

export function ChatLeadForm({ asked, onSent }: { asked: string[]; onSent: (email: string) => void }) {
  const id = useIslandId('chat-lead')
  const [sent, setSent] = useState(false)
  const { ref, values, errors, field, general, pending, submit } = useForm({
    initial: { email: '' },
    fields: ['email'],
    endpoint: '/api/leads',
    body: ({ email }) => ({
      email: email.trim(),
      firstName: '',
      lastName: '',
      company: '',
      phone: '',
      message: transcript(asked, location.pathname),
      source: CHATBOT_SOURCE,
      campaign: CHATBOT_CAMPAIGN,
    }),
    // The full rule is the server's (shared/contract.ts EmailSchema); this catches typos early.
    check: ({ email }) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? {} : { email: 'Enter a valid email address, like name@company.com.' }),
    messages: {
      checkFields: '',
      failed: 'We could not save your email. Please try again, or call us.',
      server: 'We could not save your email. Please try again, or call us.',
    },
    onSuccess: (v) => {
      setSent(true)
      onSent(v.email.trim())
    },
  })
  const email = values.email
  const error = errors.email ?? general

  if (sent) return null
  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label="Leave your email" className="border-t border-slate-200 bg-slate-50 px-4 py-3">
      <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
        Leave your email and a strategist will follow up
      </label>
      <div className="mt-2 flex gap-2">
        <EmailInput
          id={`${id}-email`}
          {...field('email')}
          error={error}
          errorId={`${id}-error`}
          className="min-w-0 flex-1 rounded-md border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 aria-[invalid=true]:border-red-700"
        />
        <button
          type="submit"
          disabled={pending || !email.trim()}
          className="rounded-md bg-ink px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
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
