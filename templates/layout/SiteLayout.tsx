import type { ReactNode } from 'react'
import { Breadcrumbs } from '../components/Breadcrumbs.tsx'
import { CallBar } from '../../client/islands/CallBar.tsx'
import { ExitIntentPopup } from '../../client/islands/ExitIntentPopup.tsx'
import { Island } from '../components/Island.tsx'
import { SiteAddons } from './SiteAddons.tsx'
import { Toaster } from '../../client/islands/Toaster.tsx'
import type { Chrome, Crumb } from '../types.ts'
import { SiteFooter } from './SiteFooter.tsx'
import { SiteHeader } from './SiteHeader.tsx'

/** The page chrome. Everything outside <main> stays in place across client-side navigations. */
export function SiteLayout({ chrome, breadcrumbs, children }: { chrome: Chrome; breadcrumbs: Crumb[]; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-white font-sans text-slate-800 antialiased">
      <a href="#main" className="sr-only z-50 rounded-md bg-ink px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        Skip to main content
      </a>
      <SiteHeader chrome={chrome} />
      <main id="main" tabIndex={-1} className="flex-1 pb-20 outline-none md:pb-0">
        {breadcrumbs.length > 1 && <Breadcrumbs crumbs={breadcrumbs} />}
        {children}
      </main>
      <SiteFooter chrome={chrome} />
      <SiteAddons chrome={chrome} />
      <Island name="CallBar" component={CallBar} props={{ phone: chrome.contact.phone, phoneE164: chrome.contact.phoneE164, quoteHref: chrome.nav.cta.href }} />
      {chrome.features.exitIntentPopup && <Island name="ExitIntentPopup" component={ExitIntentPopup} props={{}} />}
      <Island name="Toaster" component={Toaster} props={{}} />
    </div>
  )
}
