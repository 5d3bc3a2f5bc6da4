import { useData } from 'vike-react/useData'
import { ContactTemplate } from '../../../templates/ContactTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <ContactTemplate {...useData<Data>().props} />
}
