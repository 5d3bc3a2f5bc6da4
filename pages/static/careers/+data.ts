// /careers: the open positions (data/jobs.yaml).
import type { PageContextServer } from 'vike/types'
import type { CareersProps } from '../../../templates/CareersTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<CareersProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => ({ props: { ...base, jobs: data.jobs.map((j) => ({ ...j, url: `/careers/${j.slug}` })) } }))
}
