// /careers: why work here (pages.yaml) and every open role, each linking to its page and to /apply.
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import { employmentLabel, formatSalary, RemoteBadge } from './JobTemplate.tsx'
import type { StaticPageProps } from './types.ts'
import type { Job } from '../data/schema.ts'

export type CareersProps = StaticPageProps & { jobs: (Job & { url: string })[] }

export function CareersTemplate({ page, contact, jobs }: CareersProps) {
  return (
    <article>
      <PageHero eyebrow="Careers" title={page.h1} lead={page.intro}>
        <a
          href="#openings"
          className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          See open positions
        </a>
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <section id="openings" aria-labelledby="openings-heading" className="scroll-mt-24">
          <h2 id="openings-heading" className="text-2xl font-bold tracking-tight text-ink">
            Open positions
          </h2>
          {jobs.length === 0 ? (
            <p className="mt-4 leading-7 text-slate-700">
              There are no open roles right now. Send a note to{' '}
              <a href={`mailto:${contact.email}`} className="font-semibold text-brand-600 underline">
                {contact.email}
              </a>{' '}
              and we will keep you in mind.
            </p>
          ) : (
            <ul className="mt-6 space-y-5">
              {jobs.map((job) => (
                <li key={job.slug} className="rounded-xl border border-slate-200 p-6 shadow-sm">
                  <div className="flex flex-wrap items-start justify-between gap-4">
                    <div>
                      <h3 className="text-xl font-bold text-ink">
                        <a
                          href={job.url}
                          className="hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                        >
                          {job.title}
                        </a>
                      </h3>
                      <p className="mt-1 text-sm text-slate-700">
                        {job.department} · {job.location} · {employmentLabel[job.employmentType]}
                      </p>
                    </div>
                    <RemoteBadge remote={job.remote} />
                  </div>
                  <p className="mt-2 text-sm font-semibold text-slate-800">{formatSalary(job.salary)}</p>
                  <p className="mt-3 leading-7 text-slate-700">{job.summary}</p>
                  <div className="mt-5 flex flex-wrap gap-3">
                    <a
                      href={job.url}
                      className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    >
                      View role<span className="sr-only">: {job.title}</span>
                    </a>
                    <a
                      href={`/apply?opening=${job.slug}`}
                      className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    >
                      Apply<span className="sr-only"> for {job.title}</span>
                    </a>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="max-w-3xl">
          <Sections sections={page.sections} />
        </div>
      </div>
    </article>
  )
}
