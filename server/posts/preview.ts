// Draft previews (issue 11): the post's draft (its pending draft over the live fields, as
// "Publish" would apply them) rendered by the publisher's own path: vike's prerender() with the
// served build's bundle, the catalog rebuilt with the draft in it, the build's redirect link
// rewriting. Only the draft's own page is rendered, in memory: nothing is written to the site,
// the sitemap or the feeds. The page is marked noindex (meta robots here, X-Robots-Tag by the
// route). Renders run between publishes (they set the same global snapshot).
import crypto from 'node:crypto'
import createError from 'http-errors'
import { getDbPosts, setDbPosts, setRenderOnly, type DbPostsSnapshot } from '../../data/dbPosts.ts'
import { defaultDataDir } from '../../data/loadData.ts'
import { planRedirects } from '../../scripts/build/redirects.ts'
import type { Db } from '../db/knex.ts'
import type { Env } from '../env.ts'
import { readRules } from '../redirects/store.ts'
import { readYamlRules } from '../redirects/yamlRules.ts'
import { goingLive, publisherFor } from './service.ts'
import { readSnapshot } from './snapshot.ts'
import { toBlogPost, type Post } from './store.ts'

export const PREVIEW_ROBOTS = 'noindex, nofollow'

const cache = new Map<number, { key: string; html: string }>()
const CACHE_MAX = 50

/** The meta robots of a rendered page set to noindex (added to the head when it has none). */
export function markNoindex(html: string): string {
  const tag = `<meta name="robots" content="${PREVIEW_ROBOTS}"/>`
  const re = /<meta\s+name="robots"\s+content="[^"]*"\s*\/?>/gi
  if (re.test(html)) return html.replace(re, tag)
  return html.replace(/<head(\s[^>]*)?>/i, (m) => `${m}${tag}`)
}

/** The snapshot of published posts with the draft in place of (or beside) the live ones. */
export function withDraft(snapshot: DbPostsSnapshot, post: Post, today = new Date().toISOString().slice(0, 10)): DbPostsSnapshot {
  const fields = goingLive(post)
  const live = post.status === 'published'
  const draft: Post = {
    ...post,
    ...fields,
    status: 'published',
    date: live ? (post.date ?? today) : today,
    updated: live ? today : null,
  }
  const blog = { ...toBlogPost(draft), origin: 'database' as const, lastmod: today }
  return {
    ...snapshot,
    version: snapshot.version + 0.5,
    posts: [...snapshot.posts.filter((p) => p.slug !== post.slug && p.slug !== fields.slug), blog],
    claimed: [...new Set([...snapshot.claimed, fields.slug])],
  }
}

/** The draft's page as it will be published, noindex. 503 without a build to render with. */
export async function renderPreview(db: Db, env: Pick<Env, 'STATIC_DIR'>, post: Post): Promise<string> {
  const publisher = publisherFor(env)
  if (!publisher)
    throw createError(503, 'This server has no build of the site to render the draft with: run `npm run build`, then open the preview link again.', {
      expose: true,
    })
  const fields = goingLive(post)
  const url = `/blog/${fields.slug}`
  return publisher.exclusive(async () => {
    await publisher.init(db)
    const before = getDbPosts() ?? (await readSnapshot(db))
    const rules = [...readYamlRules(), ...(await readRules(db)).filter((r) => r.enabled).map((r) => ({ ...r, id: `db:${r.id}` }))]
    const key = crypto
      .createHash('sha256')
      .update(JSON.stringify([fields, post.status, post.date, before.version, rules.map((r) => [r.id, r.source, r.target])]))
      .digest('hex')
    const hit = cache.get(post.id)
    if (hit?.key === key) return hit.html
    process.env.DATA_DIR ||= defaultDataDir
    const plan = planRedirects(rules)
    setDbPosts(withDraft(before, post))
    try {
      const pages = await publisher.render(new Set([url]), (_u, page) => plan.rewrite(page))
      const page = pages.get(url)
      if (!page) throw new Error(`the build rendered no page for ${url}`)
      const html = markNoindex(page)
      cache.delete(post.id)
      cache.set(post.id, { key, html })
      if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!)
      return html
    } catch (error) {
      throw createError(422, `The draft cannot be rendered yet: ${(error as Error).message.split('\n')[0]}. Fix it in the editor and open the preview again.`)
    } finally {
      setDbPosts(before)
      setRenderOnly(undefined)
    }
  })
}
