import { useData } from 'vike-react/useData'
import { BlogIndexTemplate } from '../../../templates/BlogIndexTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <BlogIndexTemplate {...useData<Data>().props} />
}
