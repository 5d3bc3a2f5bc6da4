import { useData } from 'vike-react/useData'
import { CareersTemplate } from '../../../templates/CareersTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <CareersTemplate {...useData<Data>().props} />
}
