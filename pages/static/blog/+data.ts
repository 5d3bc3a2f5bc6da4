// /blog: every post (data/blog/*.md) and the tag pages.
import type { PageContextServer } from 'vike/types'
import type { BlogIndexProps } from '../../../templates/BlogIndexTemplate.tsx'
import type { PageData } from '../../../templates/types.ts'
import { postSummaries, tagLinks } from '../../_shared/blogLists.ts'
import { staticPageData } from '../../_shared/staticPage.ts'

export type Data = PageData<BlogIndexProps>

export default function data(pageContext: PageContextServer): Data {
  return staticPageData(pageContext, (ctx, base) => ({ props: { page: base.page, posts: postSummaries(ctx), tags: tagLinks(ctx) } }))
}
