import { useData } from 'vike-react/useData'
import { StateTemplate } from '../../templates/StateTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <StateTemplate {...useData<Data>().props} />
}
