// /about: the agency, its claims, partners and testimonials.
import type { PageContextServer } from 'vike/types'
import type { AboutProps } from '../../../templates/AboutTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<AboutProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => ({
    props: { ...base, claims: data.site.claims, address: data.site.contact.address, testimonials: data.testimonials, partners: data.partners },
  }))
}
