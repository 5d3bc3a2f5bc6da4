// Mobile overlay menu: Escape and backdrop close it, focus returns to the button, and the page
// behind does not scroll while it is open.
import { useEffect, useRef, useState } from 'react'
import type { Link } from '../types.ts'

export type MobileMenuProps = { links: Link[]; cta: Link }

export function MobileMenu({ links, cta }: MobileMenuProps) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    panel.current?.querySelector<HTMLElement>('a')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.body.style.overflow = previous
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  function close() {
    setOpen(false)
    button.current?.focus()
  }

  return (
    <div className="lg:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen((v) => !v)}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      {open && (
        <div className="fixed inset-0 top-16 z-40" data-testid="mobile-menu-layer">
          <div className="absolute inset-0 bg-slate-900/50" data-testid="mobile-menu-backdrop" onClick={close} aria-hidden="true" />
          <div ref={panel} id="mobile-menu" role="dialog" aria-modal="true" aria-label="Site menu" className="relative w-full bg-white px-6 py-6 shadow-xl">
            <nav aria-label="Mobile">
              <ul className="space-y-1">
                {links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} onClick={() => setOpen(false)} className="block rounded-md px-3 py-3 text-lg font-medium text-ink hover:bg-slate-100">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
              <a href={cta.href} className="mt-4 block rounded-md bg-brand-600 px-4 py-3 text-center font-semibold text-white hover:bg-brand-700">
                {cta.label}
              </a>
            </nav>
          </div>
        </div>
      )}
    </div>
  )
}
export default MobileMenu
