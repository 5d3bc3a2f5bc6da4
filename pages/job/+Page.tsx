import { useData } from 'vike-react/useData'
import { JobTemplate } from '../../templates/JobTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <JobTemplate {...useData<Data>().props} />
}
