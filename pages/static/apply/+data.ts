// /apply: the job application form, with the open positions to choose from.
import type { PageContextServer } from 'vike/types'
import type { ApplyProps } from '../../../templates/ApplyTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<ApplyProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, ({ data }, base) => ({ props: { ...base, jobs: data.jobs.map((j) => ({ ...j, url: `/careers/${j.slug}` })) } }))
}
