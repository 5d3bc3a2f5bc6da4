import { useData } from 'vike-react/useData'
import { BlogPostTemplate } from '../../templates/BlogPostTemplate.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <BlogPostTemplate {...useData<Data>().props} />
}
