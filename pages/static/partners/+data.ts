// /partners: the technology partners (data/partners.yaml).
import type { PageContextServer } from 'vike/types'
import type { PartnersProps } from '../../../templates/PartnersTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<PartnersProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => ({ props: { ...base, partners: data.partners } }))
}
