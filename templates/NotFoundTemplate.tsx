// Error page (pages/_error): a missing page or a server error. No page data exists here.
import { PageHero } from './components/PageHero.tsx'

const links = [
  { href: '/', label: 'Home page', text: 'Start again from the top.' },
  { href: '/services', label: 'Services', text: 'SEO, paid media, HubSpot and CRM integration.' },
  { href: '/free-quote', label: 'Get a free quote', text: 'A written plan and price within 24 hours.' },
  { href: '/contact', label: 'Contact us', text: 'Phone, email and our office address.' },
]

export function NotFoundTemplate({ is404 }: { is404: boolean }) {
  const title = is404 ? 'Page not found' : 'Something went wrong'
  const lead = is404
    ? 'The page you were looking for has moved or no longer exists. Check the address for typos, or pick one of the pages below.'
    : 'We could not load this page because of a problem on our side. Please try again in a moment, or use one of the pages below.'
  return (
    <article className="mx-auto max-w-3xl px-4 pb-16 sm:px-6" data-page-status={is404 ? 404 : 500}>
      <PageHero eyebrow={is404 ? 'Error 404' : 'Error'} title={title} lead={lead} />
      <nav aria-label="Helpful pages" className="px-4 sm:px-6">
        <h2 className="text-xl font-bold text-ink">Where to next</h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {links.map((l) => (
            <li key={l.href} className="rounded-xl border border-slate-200 p-5 hover:border-brand-600">
              <a
                href={l.href}
                className="font-semibold text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {l.label}
              </a>
              <p className="mt-1 text-sm text-slate-700">{l.text}</p>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  )
}
