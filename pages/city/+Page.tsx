import { useData } from 'vike-react/useData'
import { CityTemplate } from '../../templates/CityTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <CityTemplate {...useData<Data>().props} />
}
