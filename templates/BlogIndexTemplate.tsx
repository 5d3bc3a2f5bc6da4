// /blog: every post, newest first as given, with links to the tag pages.
import { LinkList } from './components/LinkList.tsx'
import { PageHero } from './components/PageHero.tsx'
import { Sections } from './components/Prose.tsx'
import { formatDate, tagLabel } from './BlogPostTemplate.tsx'
import type { Link, PostSummary, StaticPageProps } from './types.ts'

/** Post summaries as a list of cards; the tag pages reuse it. */
export function PostList({ posts, tags = [], headingLevel = 2 }: { posts: PostSummary[]; tags?: Link[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const labelOf = (tag: string) => tags.find((t) => t.href === `/tag/${tag}`)?.label ?? tagLabel(tag)
  return (
    <ul className="space-y-6">
      {posts.map((post) => (
        <li key={post.url}>
          <article className="rounded-xl border border-slate-200 p-6 hover:border-brand-600">
            <Heading className="text-xl font-bold text-ink">
              <a
                href={post.url}
                className="hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {post.title}
              </a>
            </Heading>
            <p className="mt-1 text-sm text-slate-700">
              <time dateTime={post.date}>{formatDate(post.date)}</time> · By {post.author}
            </p>
            <p className="mt-3 leading-7 text-slate-700">{post.description}</p>
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <a
                    href={`/tag/${tag}`}
                    className="inline-block rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    {labelOf(tag)}
                  </a>
                </li>
              ))}
            </ul>
          </article>
        </li>
      ))}
    </ul>
  )
}

export type BlogIndexProps = Pick<StaticPageProps, 'page'> & { posts: PostSummary[]; tags: Link[] }

export function BlogIndexTemplate({ page, posts, tags }: BlogIndexProps) {
  const sorted = [...posts].sort((a, b) => b.date.localeCompare(a.date))
  return (
    <article>
      <PageHero eyebrow="Blog" title={page.h1} lead={page.intro} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <div>
          <h2 className="sr-only">Latest articles</h2>
          <PostList posts={sorted} tags={tags} headingLevel={3} />
          <Sections sections={page.sections} />
        </div>
        <nav aria-label="Topics" className="lg:-mt-10">
          <LinkList heading="Browse by topic" links={tags} columns={1} />
        </nav>
      </div>
    </article>
  )
}
