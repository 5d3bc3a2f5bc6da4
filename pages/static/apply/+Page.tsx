import { useData } from 'vike-react/useData'
import { ApplyTemplate } from '../../../templates/ApplyTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <ApplyTemplate {...useData<Data>().props} />
}
