// /contact: the contact form, address and opening hours.
import type { PageContextServer } from 'vike/types'
import type { ContactProps } from '../../../templates/ContactTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<ContactProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => ({ props: { ...base, address: data.site.contact.address, hours: data.site.contact.hours } }))
}
