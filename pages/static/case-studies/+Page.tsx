import { useData } from 'vike-react/useData'
import { CaseStudiesTemplate } from '../../../templates/CaseStudiesTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <CaseStudiesTemplate {...useData<Data>().props} />
}
