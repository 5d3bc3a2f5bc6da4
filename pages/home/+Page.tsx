import { useData } from 'vike-react/useData'
import { HomeTemplate } from '../../templates/HomeTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <HomeTemplate {...useData<Data>().props} />
}
