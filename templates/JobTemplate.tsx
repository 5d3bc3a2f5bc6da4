// /careers/{slug}: one opening with pay, location, duties and requirements, and a link to apply.
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { TextBlock } from './components/Prose.tsx'
import { formatDate } from './BlogPostTemplate.tsx'
import type { Job } from '../data/schema.ts'
import type { Link } from './types.ts'

export type JobProps = { job: Job; applyUrl: string; more: Link[] }

/** "$95,000 – $125,000 a year" */
export function formatSalary(salary: Job['salary']): string {
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: salary.currency, maximumFractionDigits: 0 })
  return salary.min === salary.max ? `${money.format(salary.min)} a year` : `${money.format(salary.min)} – ${money.format(salary.max)} a year`
}

export const employmentLabel: Record<Job['employmentType'], string> = { FULL_TIME: 'Full-time', PART_TIME: 'Part-time', CONTRACTOR: 'Contract' }

export function RemoteBadge({ remote }: { remote: boolean }) {
  return remote ? (
    <span className="inline-flex items-center rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-900">Remote (US)</span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-800">On-site / hybrid</span>
  )
}

export function JobTemplate({ job, applyUrl, more }: JobProps) {
  const applyClass =
    'inline-block rounded-md bg-brand-600 px-5 py-3 text-center font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
  const facts = [
    { label: 'Salary', value: formatSalary(job.salary) },
    { label: 'Location', value: job.location },
    { label: 'Type', value: employmentLabel[job.employmentType] },
    { label: 'Department', value: job.department },
    { label: 'Posted', value: formatDate(job.datePosted) },
    { label: 'Apply by', value: formatDate(job.validThrough) },
  ]
  return (
    <article>
      <PageHero eyebrow={`Careers · ${job.department}`} title={job.title} lead={job.summary}>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <RemoteBadge remote={job.remote} />
          <span className="text-sm font-semibold text-slate-800">{formatSalary(job.salary)}</span>
        </div>
        <a href={applyUrl} className={`mt-8 ${applyClass}`}>
          Apply for this role
        </a>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div>
          <TextBlock heading="What you will do" bullets={job.responsibilities} />
          <TextBlock heading="What you bring" bullets={job.requirements} />
          <section className="mt-10 rounded-xl bg-slate-50 p-6">
            <h2 className="text-xl font-bold text-ink">Ready to apply?</h2>
            <p className="mt-2 leading-7 text-slate-700">Send a PDF resume and a short note about work you are proud of. We reply to every applicant.</p>
            <a href={applyUrl} className={`mt-4 ${applyClass}`}>
              Apply for {job.title}
            </a>
          </section>
          <nav aria-label="Other openings">
            <LinkList heading="Other open roles" links={more} />
          </nav>
        </div>
        <section aria-labelledby="job-facts-heading" className="h-fit rounded-xl border border-slate-200 p-6 lg:sticky lg:top-24">
          <h2 id="job-facts-heading" className="text-lg font-bold text-ink">
            At a glance
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            {facts.map((f) => (
              <div key={f.label}>
                <dt className="font-semibold text-slate-700">{f.label}</dt>
                <dd className="text-slate-900">{f.value}</dd>
              </div>
            ))}
            <div>
              <dt className="font-semibold text-slate-700">Remote</dt>
              <dd>
                <RemoteBadge remote={job.remote} />
              </dd>
            </div>
          </dl>
          <a href={applyUrl} className={`mt-6 block ${applyClass}`}>
            Apply now
          </a>
        </section>
      </div>
    </article>
  )
}
