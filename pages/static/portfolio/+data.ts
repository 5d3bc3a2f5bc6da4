// /portfolio: the case studies as a gallery.
import type { PageContextServer } from 'vike/types'
import type { PortfolioProps } from '../../../templates/PortfolioTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<PortfolioProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => ({ props: { ...base, caseStudies: data.caseStudies } }))
}
