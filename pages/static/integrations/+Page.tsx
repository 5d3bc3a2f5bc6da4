import { useData } from 'vike-react/useData'
import { IntegrationsTemplate } from '../../../templates/IntegrationsTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <IntegrationsTemplate {...useData<Data>().props} />
}
