// Exit-intent quote popup (spec sections 3, 4, 5, 7 and 9). It opens 100 ms after the mouse
// leaves the window through the top, unless the mouse comes back first, and at most once per page
// visit (a client-side navigation starts a new visit; decision 021). The email is required; the
// lead is posted to /api/leads with the spec's fixed fields, and only response.ok matters: on
// success a thank-you view closes itself after 3 s, on failure nothing is shown and the form
// stays. It is a modal dialog: focus moves in and is kept there, Escape closes it and focus goes
// back where it was.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { EmailInput } from '../forms/EmailInput.tsx'
import { useForm } from '../forms/useForm.ts'
import { onNavigate } from '../navigation/navigationEvents.ts'
import { trapTab } from '../ui/focusTrap.ts'
import { useIslandId } from './islandIds.ts'

export const EXIT_INTENT_DELAY_MS = 100
export const SUCCESS_CLOSE_MS = 3000

/** The lead of spec section 7: the email and fixed fields. */
const lead = ({ email }: { email: string }) => ({
  email,
  firstName: '',
  lastName: '',
  company: '',
  phone: '',
  message: '',
  source: 'Exit Intent Popup',
  campaign: 'Free Quote Request',
})

/** A mouse user may see the popup: the form token is fetched on load for them only. */
const mayShow = () => typeof window !== 'undefined' && window.matchMedia('(hover: hover) and (pointer: fine)').matches

export function ExitIntentPopup() {
  const id = useIslandId('popup')
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState(false)
  const [hoverPointer] = useState(mayShow)
  const shownThisVisit = useRef(false)
  const submitted = useRef(false)
  const { ref, values, field, reset, pending, submit, renew } = useForm({
    initial: { email: '' },
    fields: ['email'],
    endpoint: '/api/leads',
    body: lead,
    check: (v) => (v.email.trim() ? {} : { email: 'Enter your email address.' }),
    // Fetched on load, so the form's fill time counts from the page, not from the moment the popup opened.
    active: hoverPointer,
    onSuccess: () => {
      submitted.current = true
      setSent(true)
      reset()
    },
    // Spec section 8: a failed lead shows nothing; the form stays for another try.
    onFailure: (error) => console.debug('Exit intent lead was not sent', error),
  })
  const email = values.email
  const dialog = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const thanks = useRef<HTMLHeadingElement>(null)
  const returnFocus = useRef<Element | null>(null)

  // Watch for the mouse leaving through the top of the window.
  useEffect(() => {
    let timer: number | undefined
    const cancel = () => {
      window.clearTimeout(timer)
      timer = undefined
    }
    const onMouseOut = (event: MouseEvent) => {
      if (event.relatedTarget || event.clientY > 0 || shownThisVisit.current || submitted.current) return
      cancel()
      timer = window.setTimeout(() => {
        timer = undefined
        if (shownThisVisit.current || submitted.current) return
        shownThisVisit.current = true
        returnFocus.current = document.activeElement
        renew()
        setSent(false)
        setOpen(true)
      }, EXIT_INTENT_DELAY_MS)
    }
    document.addEventListener('mouseout', onMouseOut)
    document.addEventListener('mouseover', cancel)
    const stopNavigate = onNavigate(() => {
      cancel()
      shownThisVisit.current = false
    })
    return () => {
      cancel()
      document.removeEventListener('mouseout', onMouseOut)
      document.removeEventListener('mouseover', cancel)
      stopNavigate()
    }
  }, [renew])

  function close() {
    setOpen(false)
    const target = returnFocus.current
    if (target instanceof HTMLElement && target.isConnected && target !== document.body) target.focus({ preventScroll: true })
  }

  // While open: focus inside, Escape closes, Tab stays in the dialog, the page does not scroll.
  // A layout effect, so focus and the Escape handler are in place before the dialog is painted:
  // a key pressed the moment it appears is never lost (a passive effect may run frames later).
  useLayoutEffect(() => {
    if (!open) return
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    input.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
      else if (dialog.current) trapTab(dialog.current, event)
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.body.style.overflow = previous
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  useEffect(() => {
    if (!open || !sent) return
    thanks.current?.focus()
    const timer = window.setTimeout(close, SUCCESS_CLOSE_MS)
    return () => window.clearTimeout(timer)
  }, [open, sent])

  if (!open) return null
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-slate-900/60" onClick={close} aria-hidden="true" />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        tabIndex={-1}
        className="relative w-full max-w-md rounded-2xl bg-white p-6 text-slate-800 shadow-2xl outline-none sm:p-8"
      >
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        {sent ? (
          <div role="status">
            <h2 id={`${id}-title`} ref={thanks} tabIndex={-1} className="pr-8 text-2xl font-bold text-ink outline-none">
              Thank you! Your request is in.
            </h2>
            <p id={`${id}-text`} className="mt-3 leading-7 text-slate-700">
              A strategist will respond within 24 hours to book your free 30-minute consultation.
            </p>
          </div>
        ) : (
          <>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Before you go</p>
            <h2 id={`${id}-title`} className="mt-1 pr-8 text-2xl font-bold text-ink">
              Get your free marketing quote
            </h2>
            <p id={`${id}-text`} className="mt-3 leading-7 text-slate-700">
              Leave your email and a strategist will respond within 24 hours with a plan for your business and a free 30-minute consultation to walk through it.
            </p>
            <form ref={ref} onSubmit={submit} className="mt-5" aria-label="Free quote request">
              <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-slate-800">
                Work email
              </label>
              <EmailInput
                inputRef={input}
                id={`${id}-email`}
                {...field('email')}
                placeholder="you@company.com"
                className="mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
              />
              <button
                type="submit"
                disabled={!email.trim() || pending}
                className="mt-4 w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
              >
                {pending ? 'Sending…' : 'Get My Free Quote'}
              </button>
            </form>
            <button
              type="button"
              onClick={close}
              className="mt-3 w-full rounded-md px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              No thanks
            </button>
          </>
        )}
      </div>
    </div>
  )
}
export default ExitIntentPopup
