import { useData } from 'vike-react/useData'
import { HubspotTemplate } from '../../templates/TopicTemplates.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <HubspotTemplate {...useData<Data>().props} />
}
