import { Island } from '../components/Island.tsx'
import { NewsletterForm } from '../../client/islands/NewsletterForm.tsx'
import type { Chrome } from '../types.ts'
import { Logo } from './Logo.tsx'

export function SiteFooter({ chrome }: { chrome: Chrome }) {
  const { contact, footer, social, brand } = chrome
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.3fr_2fr_1.2fr]">
        <div>
          <a href="/" className="flex items-center gap-2 font-bold text-white">
            <Logo />
            <span className="text-lg">{brand.name}</span>
          </a>
          <p className="mt-4 text-sm">{brand.tagline}.</p>
          <address className="mt-4 space-y-1 text-sm not-italic">
            <p>
              <a className="hover:text-white" href={`tel:${contact.phoneE164}`}>
                {contact.phone}
              </a>
            </p>
            <p>
              <a className="hover:text-white" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </p>
            <p>
              {contact.address.city}, {contact.address.region}
            </p>
          </address>
          <ul className="mt-4 flex gap-3">
            {social.map((profile) => (
              <li key={profile.url}>
                <a
                  href={profile.url}
                  rel="noopener"
                  className="text-sm font-medium text-slate-200 underline-offset-4 hover:text-white hover:underline"
                  aria-label={profile.label}
                >
                  {profile.network}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {footer.columns.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{column.title}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} className="hover:text-white">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Monthly growth notes</h2>
          <p className="mt-2 text-sm">One email a month with what we learned running campaigns. No spam, unsubscribe in one click.</p>
          <Island name="NewsletterForm" component={NewsletterForm} props={{}} />
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          © {chrome.year} {brand.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
