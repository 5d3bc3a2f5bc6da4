import { useData } from 'vike-react/useData'
import { LegalTemplate } from '../../templates/TopicTemplates.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <LegalTemplate {...useData<Data>().props} />
}
