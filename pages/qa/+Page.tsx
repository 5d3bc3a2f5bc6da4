import { useData } from 'vike-react/useData'
import { QaTemplate } from '../../templates/QaTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <QaTemplate {...useData<Data>().props} />
}
