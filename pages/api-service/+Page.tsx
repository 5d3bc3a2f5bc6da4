import { useData } from 'vike-react/useData'
import { ApiServiceTemplate } from '../../templates/TopicTemplates.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <ApiServiceTemplate {...useData<Data>().props} />
}
