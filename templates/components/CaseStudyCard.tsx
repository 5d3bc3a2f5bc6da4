// Case study teaser: illustration, client, industry, two headline results and a link to the story.
import type { CaseStudy } from '../../data/schema.ts'
import { caseStudyImage } from './imagePaths.ts'
import { Img } from './Img.tsx'

export function CaseStudyCard({ study, headingLevel = 3 }: { study: CaseStudy; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <Img src={caseStudyImage(study.slug)} alt="" width={640} height={320} boxClassName="aspect-[2/1] w-full" className="h-full w-full object-cover" />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{study.industry}</p>
        <Heading className="mt-2 text-lg font-bold text-ink">
          <a
            href={`/case-studies/${study.slug}`}
            className="hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {study.title}
          </a>
        </Heading>
        <p className="mt-1 text-sm text-slate-700">
          {study.client} · {study.location}
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3">
          {study.results.slice(0, 2).map((r) => (
            <div key={r.label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-700">{r.label}</dt>
              <dd className="text-xl font-bold text-ink">{r.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  )
}
