import { useData } from 'vike-react/useData'
import { CaseStudyTemplate } from '../../templates/CaseStudyTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <CaseStudyTemplate {...useData<Data>().props} />
}
