// /unsubscribed: confirmation after leaving the newsletter.
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import type { StaticPageProps } from './types.ts'

export type UnsubscribedProps = StaticPageProps

export function UnsubscribedTemplate({ page, contact }: UnsubscribedProps) {
  const link =
    'font-semibold text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
  return (
    <article className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <PageHero title={page.h1} lead={page.intro}>
        <div className="mt-8 flex flex-wrap gap-3">
          <a
            href="/"
            className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Back to the home page
          </a>
          <a
            href="/blog"
            className="rounded-md border border-slate-300 px-5 py-3 font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Read the blog
          </a>
        </div>
      </PageHero>
      <div className="px-4 sm:px-6">
        <Sections sections={page.sections} />
        <p className="mt-4 leading-7 text-slate-700">
          Still want to talk? Call{' '}
          <a href={`tel:${contact.phoneE164}`} className={link}>
            {contact.phone}
          </a>{' '}
          or email{' '}
          <a href={`mailto:${contact.email}`} className={link}>
            {contact.email}
          </a>
          .
        </p>
      </div>
    </article>
  )
}
