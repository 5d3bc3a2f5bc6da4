// Tag pages /tag/{tag}: one per tag used in the front matter of data/blog/*.md or by a published
// database post. A tag staff edited in /admin/tags brings its name, description, SEO title and SEO
// description (data/dbPosts.ts's snapshot); otherwise the head is made from the tag's posts.
import type { PageContextServer } from 'vike/types'
import { titleCase } from '../../data/catalog.ts'
import { dbTagMeta } from '../../data/dbPosts.ts'
import type { TagProps } from '../../templates/TagTemplate.tsx'
import type { PageData } from '../../templates/types.ts'
import { postSummaries, tagLinks } from '../_shared/blogLists.ts'
import { breadcrumbs, hubs } from '../_shared/breadcrumbs.ts'
import { DESCRIPTION_MAX, fitText } from '../_shared/headText.ts'
import { pageData, pageOf } from '../_shared/pageData.ts'

export type Data = PageData<TagProps>

export default function data(pageContext: PageContextServer): Data {
  const { ctx, entry } = pageOf(pageContext)
  const { tag } = entry.params
  const brand = ctx.data.site.brand.name
  const posts = ctx.data.posts.filter((x) => x.tags.includes(tag))
  const meta = dbTagMeta(tag)
  const name = meta?.name || titleCase(tag)
  const head = {
    title: meta?.seoTitle || `${name} Articles | ${brand} Blog`,
    description:
      meta?.seoDescription ||
      fitText(
        `${posts.length} ${name} article${posts.length === 1 ? '' : 's'} from the ${brand} blog: ${posts.map((x) => x.title).join('; ')}`,
        DESCRIPTION_MAX,
      ),
    keywords: [name, `${name} articles`, `${name} guide`],
  }
  const props: TagProps = {
    tag,
    posts: postSummaries(ctx).filter((x) => x.tags.includes(tag)),
    tags: tagLinks(ctx),
    ...(meta ? { name: meta.name, description: meta.description } : {}),
  }
  return pageData(ctx, entry, { head, props, crumbs: breadcrumbs(entry, hubs.blog) })
}
