// Case studies /case-studies/{slug}, from data/case-studies.yaml.
import type { PageContextServer } from 'vike/types'
import { lookup, must } from '../../data/lookup.ts'
import type { CaseStudyProps } from '../../templates/CaseStudyTemplate.tsx'
import type { PageData } from '../../templates/types.ts'
import { breadcrumbs, hubs } from '../_shared/breadcrumbs.ts'
import { contactOf } from '../_shared/chrome.ts'
import { pageData, pageOf } from '../_shared/pageData.ts'

export type Data = PageData<CaseStudyProps>

export default function data(pageContext: PageContextServer): Data {
  const { ctx, entry } = pageOf(pageContext)
  const study = must(lookup(ctx.data).caseStudy, entry.params.slug)
  const props: CaseStudyProps = {
    study,
    more: ctx.data.caseStudies.filter((x) => x !== study).map((x) => ({ label: x.client, href: `/case-studies/${x.slug}` })),
    contact: contactOf(ctx),
  }
  return pageData(ctx, entry, {
    head: { title: study.title, description: study.description, keywords: [study.industry, ...study.services] },
    props,
    crumbs: breadcrumbs(entry, hubs.caseStudies),
  })
}
