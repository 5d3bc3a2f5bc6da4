// Mortgage marketing pages /{slug}, from data/mortgage.yaml.
import type { PageContextServer } from 'vike/types'
import type { TopicProps } from '../../templates/TopicTemplates.tsx'
import type { PageData } from '../../templates/types.ts'
import { hubs } from '../_shared/breadcrumbs.ts'
import { topicPageData } from '../_shared/topicPage.ts'

export type Data = PageData<TopicProps>

export default function data(pageContext: PageContextServer): Data {
  return topicPageData(pageContext, { pages: (d) => d.mortgage, label: 'Mortgage marketing', hub: hubs.mortgage })
}
