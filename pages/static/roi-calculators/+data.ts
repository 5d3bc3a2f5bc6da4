// /roi-calculators: the ROI calculators.
import type { PageContextServer } from 'vike/types'
import type { RoiCalculatorsProps } from '../../../templates/RoiCalculatorsTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<RoiCalculatorsProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => ({ props: { ...base, claims: data.site.claims } }))
}
