import { useData } from 'vike-react/useData'
import { ThankYouTemplate } from '../../../templates/ThankYouTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <ThankYouTemplate {...useData<Data>().props} />
}
