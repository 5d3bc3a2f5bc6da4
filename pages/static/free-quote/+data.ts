// /free-quote: the quote form, with the city services to choose from.
import type { PageContextServer } from 'vike/types'
import type { QuoteProps } from '../../../templates/QuoteTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<QuoteProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => ({
    props: { ...base, claims: data.site.claims, hours: data.site.contact.hours, quoteServices: data.cityServices.map((s) => ({ id: s.id, label: s.name })) },
  }))
}
