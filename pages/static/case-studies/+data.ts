// /case-studies: every case study and the testimonials.
import type { PageContextServer } from 'vike/types'
import type { CaseStudiesProps } from '../../../templates/CaseStudiesTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<CaseStudiesProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => ({ props: { ...base, caseStudies: data.caseStudies, testimonials: data.testimonials } }))
}
