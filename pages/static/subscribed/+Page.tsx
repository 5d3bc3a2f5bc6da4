import { useData } from 'vike-react/useData'
import { UnsubscribedTemplate } from '../../../templates/UnsubscribedTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <UnsubscribedTemplate {...useData<Data>().props} />
}
