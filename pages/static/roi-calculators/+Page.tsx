import { useData } from 'vike-react/useData'
import { RoiCalculatorsTemplate } from '../../../templates/RoiCalculatorsTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <RoiCalculatorsTemplate {...useData<Data>().props} />
}
