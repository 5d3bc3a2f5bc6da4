import { useData } from 'vike-react/useData'
import { LandingTemplate } from '../../templates/TopicTemplates.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <LandingTemplate {...useData<Data>().props} />
}
