// /thank-you: shown after a form is sent (noindex).
import type { PageContextServer } from 'vike/types'
import type { ThankYouProps } from '../../../templates/ThankYouTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<ThankYouProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, (_, base) => ({ props: base }))
}
