import { useData } from 'vike-react/useData'
import { ServiceTemplate } from '../../templates/ServiceTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <ServiceTemplate {...useData<Data>().props} />
}
