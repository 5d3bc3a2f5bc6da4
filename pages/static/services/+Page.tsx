import { useData } from 'vike-react/useData'
import { ServicesIndexTemplate } from '../../../templates/ServicesIndexTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <ServicesIndexTemplate {...useData<Data>().props} />
}
