import { useData } from 'vike-react/useData'
import { AboutTemplate } from '../../../templates/AboutTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <AboutTemplate {...useData<Data>().props} />
}
