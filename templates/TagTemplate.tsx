// /tag/{tag}: the posts carrying one tag, and the other tags.
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { tagLabel } from './BlogPostTemplate.tsx'
import { PostList } from './BlogIndexTemplate.tsx'
import type { Link, PostSummary } from './types.ts'

/** name and description: the tag's own, when staff set them in /admin/tags. */
export type TagProps = { tag: string; posts: PostSummary[]; tags: Link[]; name?: string; description?: string }

export function TagTemplate({ tag, posts, tags, name, description }: TagProps) {
  const label = name || (tags.find((t) => t.href === `/tag/${tag}`)?.label ?? tagLabel(tag))
  const sorted = [...posts].sort((a, b) => b.date.localeCompare(a.date))
  const count = `${sorted.length} ${sorted.length === 1 ? 'article' : 'articles'}`
  return (
    <article>
      <PageHero
        eyebrow="Blog topic"
        title={`Articles about ${label}`}
        lead={description || `${count} from our blog on ${label.toLowerCase()}, written by the people who run the campaigns.`}
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <div>
          <h2 className="sr-only">{count}</h2>
          <PostList posts={sorted} tags={tags} headingLevel={3} />
          <a
            href="/blog"
            className="mt-8 inline-block font-semibold text-brand-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <span aria-hidden="true">←</span> All articles
          </a>
        </div>
        <nav aria-label="Topics" className="lg:-mt-10">
          <LinkList heading="Other topics" links={tags.filter((t) => t.href !== `/tag/${tag}`)} columns={1} />
        </nav>
      </div>
    </article>
  )
}
