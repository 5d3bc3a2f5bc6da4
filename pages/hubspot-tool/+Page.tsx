import { useData } from 'vike-react/useData'
import { HubspotToolTemplate } from '../../templates/HubspotToolTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <HubspotToolTemplate {...useData<Data>().props} />
}
