import { useData } from 'vike-react/useData'
import { FaqIndexTemplate } from '../../../templates/FaqIndexTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <FaqIndexTemplate {...useData<Data>().props} />
}
