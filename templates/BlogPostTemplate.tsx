// /blog/{slug}: one article, its Markdown already rendered to HTML at build time.
import { LinkList } from './components/LinkList.tsx'
import type { BlogPost } from '../data/loadData.ts'
import type { Link } from './types.ts'

export type BlogPostProps = {
  post: Pick<BlogPost, 'slug' | 'title' | 'description' | 'date' | 'updated' | 'author' | 'tags'>
  /** A database post's featured image, shown above the article as its hero. */
  image?: { src: string; alt: string; srcSet?: string; sizes?: string; width?: number; height?: number }
  html: string
  readingMinutes: number
  more: Link[]
}

/** "2026-03-04" → "March 4, 2026", read as a calendar date (no time zone shift). */
export function formatDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}

export const tagLabel = (tag: string) =>
  tag
    .split('-')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ')

export function BlogPostTemplate({ post, image, html, readingMinutes, more }: BlogPostProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6 lg:pt-12">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">
          <a href="/blog" className="hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            Blog
          </a>
        </p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{post.title}</h1>
        <p className="mt-5 text-lg leading-8 text-slate-700">{post.description}</p>
        <p className="mt-5 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
          <span>By {post.author}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          {post.updated && post.updated !== post.date && (
            <>
              <span aria-hidden="true">·</span>
              <span>
                Updated <time dateTime={post.updated}>{formatDate(post.updated)}</time>
              </span>
            </>
          )}
          <span aria-hidden="true">·</span>
          <span>{readingMinutes} min read</span>
        </p>
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>
              <a
                href={`/tag/${tag}`}
                className="inline-block rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {tagLabel(tag)}
              </a>
            </li>
          ))}
        </ul>
      </header>
      {image && (
        // The page's largest image, above the fold: fetched first and never lazily.
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.sizes}
          width={image.width}
          height={image.height}
          alt={image.alt}
          loading="eager"
          fetchPriority="high"
          decoding="async"
          className="mt-8 h-auto w-full rounded-xl bg-slate-100"
        />
      )}
      <div className="prose-body mt-8 text-slate-800" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="mt-12 rounded-xl bg-slate-50 p-6">
        <h2 className="text-xl font-bold text-ink">Want this done for you?</h2>
        <p className="mt-2 leading-7 text-slate-700">
          Our strategists set this up for clients every week. Tell us where you are and we will send a plan within 24 hours.
        </p>
        <a
          href="/free-quote"
          className="mt-4 inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Get A Free Quote
        </a>
      </div>
      <nav aria-label="More articles">
        <LinkList heading="More from the blog" links={more} columns={1} />
      </nav>
    </article>
  )
}
