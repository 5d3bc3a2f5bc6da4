// Mobile overlay menu: a modal dialog over the whole page. Focus moves into it and stays there
// (Tab wraps), Escape, the close button and a backdrop click close it and return focus to the
// menu button, and the page behind does not scroll while it is open.
import { useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import type { Link } from '../../templates/types.ts'
import { trapTab } from '../ui/focusTrap.ts'

export type MobileMenuProps = { links: Link[]; cta: Link }

export function MobileMenu({ links, cta }: MobileMenuProps) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)

  function close({ returnFocus = true } = {}) {
    setOpen(false)
    if (returnFocus) button.current?.focus()
  }

  // A layout effect, as in the exit popup: focus, the Escape handler and the scroll lock are in
  // place with the render, so a key pressed the moment the menu opens is not lost.
  useLayoutEffect(() => {
    if (!open) return
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    panel.current?.querySelector<HTMLElement>('nav a')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
      else if (panel.current) trapTab(panel.current, event)
    }
    // The menu is for small screens: widening the window past the breakpoint closes it.
    const wide = window.matchMedia('(min-width: 1024px)')
    const onWide = () => wide.matches && close({ returnFocus: false })
    document.addEventListener('keydown', onKey)
    wide.addEventListener('change', onWide)
    return () => {
      document.body.style.overflow = previous
      document.removeEventListener('keydown', onKey)
      wide.removeEventListener('change', onWide)
    }
  }, [open])

  const overlay = () => (
    <div className="fixed inset-0 z-50" data-testid="mobile-menu-layer">
      <div className="absolute inset-0 bg-slate-900/60" data-testid="mobile-menu-backdrop" onClick={() => close()} aria-hidden="true" />
      <div
        ref={panel}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Site menu"
        tabIndex={-1}
        className="relative max-h-full w-full overflow-y-auto bg-white shadow-xl outline-none"
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
          <p className="text-lg font-bold text-ink">Menu</p>
          <button
            type="button"
            onClick={() => close()}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="sr-only">Close menu</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <nav aria-label="Mobile" className="px-4 pb-6 pt-3">
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  onClick={() => close({ returnFocus: false })}
                  className="block rounded-md px-3 py-3 text-lg font-medium text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <a
            href={cta.href}
            onClick={() => close({ returnFocus: false })}
            className="mt-4 block rounded-md bg-brand-600 px-4 py-3 text-center font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {cta.label}
          </a>
        </nav>
      </div>
    </div>
  )

  return (
    <div className="lg:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="sr-only">Open menu</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      {/* Portalled to <body>: inside the sticky header, `fixed` would be relative to the header. */}
      {open && createPortal(overlay(), document.body)}
    </div>
  )
}
export default MobileMenu
