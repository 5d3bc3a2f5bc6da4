// Bottom call-to-action bar on small screens. Dismissed for this page load only: it lives outside
// <main>, so it stays closed across client-side navigations and comes back on the next full load.
import { useState } from 'react'

export type CallBarProps = { phone: string; phoneE164: string; quoteHref: string }

export function CallBar({ phone, phoneE164, quoteHref }: CallBarProps) {
  const [visible, setVisible] = useState(true)
  if (!visible) return null
  return (
    <aside
      aria-label="Call or get a quote"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] md:hidden"
      data-testid="call-bar"
    >
      <div className="flex items-center gap-2">
        <a
          href={`tel:${phoneE164}`}
          className="flex-1 rounded-md bg-ink px-3 py-3 text-center text-sm font-semibold text-white"
          aria-label={`Call Now ${phone}`}
        >
          Call Now
        </a>
        <a href={quoteHref} className="flex-1 rounded-md bg-brand-600 px-3 py-3 text-center text-sm font-semibold text-white">
          Free Quote
        </a>
        <button
          type="button"
          onClick={() => setVisible(false)}
          className="h-11 w-11 shrink-0 rounded-md text-slate-700 hover:bg-slate-100"
          aria-label="Dismiss call bar"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
    </aside>
  )
}
export default CallBar
