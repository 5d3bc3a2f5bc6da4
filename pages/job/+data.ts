// Job openings /careers/{slug}, from data/jobs.yaml, with JobPosting JSON-LD.
import type { PageContextServer } from 'vike/types'
import { lookup, must } from '../../data/lookup.ts'
import type { JobProps } from '../../templates/JobTemplate.tsx'
import type { PageData } from '../../templates/types.ts'
import { breadcrumbs, hubs } from '../_shared/breadcrumbs.ts'
import { DESCRIPTION_MAX, TITLE_MAX, firstFitting, fitText } from '../_shared/headText.ts'
import { jobPostingLd } from '../_shared/jsonLd.ts'
import { pageData, pageOf } from '../_shared/pageData.ts'

export type Data = PageData<JobProps>

export default function data(pageContext: PageContextServer): Data {
  const { ctx, entry } = pageOf(pageContext)
  const { data } = ctx
  const job = must(lookup(data).job, entry.params.slug)
  const short = data.site.brand.name.split(' ')[0]
  const head = {
    title: firstFitting(
      [`${job.title} Job in ${job.location} | ${short}`, `${job.title} | ${short} Careers`, job.title],
      TITLE_MAX,
      `jobs.yaml "${job.slug}"`,
      'title',
    ),
    description: fitText(job.summary, DESCRIPTION_MAX),
    keywords: [job.title, `${job.department} jobs`, `${job.location} jobs`],
  }
  const props: JobProps = {
    job,
    applyUrl: `/apply?opening=${job.slug}`,
    more: data.jobs.filter((x) => x !== job).map((x) => ({ label: x.title, href: `/careers/${x.slug}` })),
  }
  return pageData(ctx, entry, { head, props, crumbs: breadcrumbs(entry, hubs.careers), extraLd: [jobPostingLd(job, data.site, ctx.siteUrl)] })
}
