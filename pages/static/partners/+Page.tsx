import { useData } from 'vike-react/useData'
import { PartnersTemplate } from '../../../templates/PartnersTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <PartnersTemplate {...useData<Data>().props} />
}
