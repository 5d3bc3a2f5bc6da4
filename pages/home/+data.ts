// The home page /: its copy from data/home.yaml and pages.yaml, case studies, testimonials and
// the FAQ items marked `home: true` (also as FAQPage JSON-LD).
import type { PageContextServer } from 'vike/types'
import type { HomeProps } from '../../templates/HomeTemplate.tsx'
import type { PageData } from '../../templates/types.ts'
import { staticPageData } from '../_shared/staticPage.ts'

export type Data = PageData<HomeProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => {
    const faqs = data.faq.filter((f) => f.home)
    return { props: { ...base, claims: data.site.claims, home: data.home, caseStudies: data.caseStudies, testimonials: data.testimonials, faqs }, faqs }
  })
}
