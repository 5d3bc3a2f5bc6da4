// /subscribed: shown after confirming a newsletter subscription (noindex).
import type { PageContextServer } from 'vike/types'
import type { UnsubscribedProps } from '../../../templates/UnsubscribedTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<UnsubscribedProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, (_, base) => ({ props: base }))
}
