// /apply: the application form island beside the page copy and the list of openings.
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import { ApplyForm } from '../client/islands/ApplyForm.tsx'
import { Island } from './components/Island.tsx'
import type { StaticPageProps } from './types.ts'
import type { Job } from '../data/schema.ts'

export type ApplyProps = StaticPageProps & { jobs: (Job & { url: string })[] }

export function ApplyTemplate({ page, contact, jobs }: ApplyProps) {
  const link =
    'text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
  return (
    <article>
      <PageHero eyebrow="Careers" title={page.h1} lead={page.intro} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="application-heading">
          <h2 id="application-heading" className="mb-6 text-2xl font-bold tracking-tight text-ink">
            Your application
          </h2>
          <Island name="ApplyForm" component={ApplyForm} props={{ jobs: jobs.map((j) => ({ slug: j.slug, title: j.title })) }} />
        </section>
        <div className="space-y-6">
          {jobs.length > 0 && (
            <section aria-labelledby="openings-heading" className="rounded-xl bg-slate-50 p-6">
              <h2 id="openings-heading" className="text-lg font-bold text-ink">
                Open positions
              </h2>
              <ul className="mt-3 space-y-2">
                {jobs.map((job) => (
                  <li key={job.slug}>
                    <a href={job.url} className={link}>
                      {job.title}
                    </a>
                    <span className="block text-sm text-slate-700">
                      {job.location}
                      {job.remote ? ' · Remote' : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <Sections sections={page.sections} />
          <p className="text-sm leading-6 text-slate-700">
            Trouble with the form? Email{' '}
            <a href={`mailto:${contact.email}`} className={link}>
              {contact.email}
            </a>
            .
          </p>
        </div>
      </div>
    </article>
  )
}
