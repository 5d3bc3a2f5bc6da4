import { useData } from 'vike-react/useData'
import { PortfolioTemplate } from '../../../templates/PortfolioTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <PortfolioTemplate {...useData<Data>().props} />
}
