// /faq: every FAQ item (also as FAQPage JSON-LD) and links to the Q&A pages.
import type { PageContextServer } from 'vike/types'
import type { FaqIndexProps } from '../../../templates/FaqIndexTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<FaqIndexProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => ({
    props: { ...base, faqs: data.faq, qa: data.qa.map((q) => ({ label: q.question, href: `/faq/${q.slug}` })) },
    faqs: data.faq,
  }))
}
