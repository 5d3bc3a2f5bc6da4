import { useData } from 'vike-react/useData'
import { MortgageTemplate } from '../../templates/TopicTemplates.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <MortgageTemplate {...useData<Data>().props} />
}
