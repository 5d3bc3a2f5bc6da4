import { useData } from 'vike-react/useData'
import { TagTemplate } from '../../templates/TagTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <TagTemplate {...useData<Data>().props} />
}
