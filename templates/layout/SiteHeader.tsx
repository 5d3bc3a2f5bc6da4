import { Island } from '../components/Island.tsx'
import { MobileMenu } from '../../client/islands/MobileMenu.tsx'
import type { Chrome } from '../types.ts'
import { Logo } from './Logo.tsx'

export function SiteHeader({ chrome }: { chrome: Chrome }) {
  const { nav } = chrome
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" className="flex items-center gap-2 font-bold text-ink" aria-label={`${chrome.brand.name} home`}>
          <Logo />
          <span className="text-lg">{chrome.brand.name}</span>
        </a>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {nav.primary.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <a href={nav.cta.href} className="hidden rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 sm:inline-block">
            {nav.cta.label}
          </a>
          <Island name="MobileMenu" component={MobileMenu} props={{ links: [...nav.primary, ...nav.mobileExtra], cta: nav.cta }} />
        </div>
      </div>
    </header>
  )
}
