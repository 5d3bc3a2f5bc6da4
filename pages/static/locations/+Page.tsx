import { useData } from 'vike-react/useData'
import { LocationsTemplate } from '../../../templates/LocationsTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <LocationsTemplate {...useData<Data>().props} />
}
