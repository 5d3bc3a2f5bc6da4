import { useData } from 'vike-react/useData'
import { QuoteTemplate } from '../../../templates/QuoteTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <QuoteTemplate {...useData<Data>().props} />
}
