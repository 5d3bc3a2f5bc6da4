// The published database posts as the catalog takes them (data/dbPosts.ts), for the full build and
// the incremental publisher alike: one function, so both render from the same data.
import fs from 'node:fs'
import path from 'node:path'
import type { DbPostsSnapshot } from '../../data/dbPosts.ts'
import { createDb, isPostgres, type Db } from '../db/knex.ts'
import { listPublishedPosts, toBlogPost } from './store.ts'

let version = 0

export async function readSnapshot(db: Db): Promise<DbPostsSnapshot> {
  const published = await listPublishedPosts(db)
  const claimed = (await db('posts').select('slug')).map((r: { slug: string }) => r.slug)
  const posts = published.map((p) => {
    const post = toBlogPost(p)
    return { ...post, origin: 'database' as const, lastmod: post.updated ?? post.date }
  })
  const tags = (await db('tags').select('slug', 'name', 'description', 'seo_title', 'seo_description', 'noindex').orderBy('slug')).map(
    (t: Record<string, string | number | boolean | null>) => ({
      slug: String(t.slug),
      name: String(t.name),
      description: t.description == null ? '' : String(t.description),
      seoTitle: t.seo_title ? String(t.seo_title) : null,
      seoDescription: t.seo_description ? String(t.seo_description) : null,
      noindex: t.noindex === true || t.noindex === 1 || t.noindex === '1',
    }),
  )
  return { version: ++version, posts, claimed, tags, from: isPostgres(db) ? 'PostgreSQL' : 'SQLite' }
}

/**
 * For `npm run build`: the published posts of the database when one is there (DATABASE_URL, or
 * the SQLite file under var/), else undefined (data/blog/ alone). Says which in the log.
 */
export async function readBuildSnapshot(root: string, log: (line: string) => void): Promise<DbPostsSnapshot | undefined> {
  const databaseUrl = process.env.DATABASE_URL || undefined
  const varDir = process.env.VAR_DIR || path.join(root, 'var')
  const sqliteFile = path.join(varDir, 'app.sqlite')
  if (!databaseUrl && !fs.existsSync(sqliteFile)) {
    log('posts: data/blog/ only (no DATABASE_URL and no var/app.sqlite)')
    return undefined
  }
  const db = createDb({ databaseUrl, varDir, searchPath: process.env.DATABASE_SEARCH_PATH || undefined })
  try {
    const snapshot = await readSnapshot(db)
    const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${path.relative(root, sqliteFile)}`
    log(`posts: data/blog/ plus ${snapshot.posts.length} published post(s) from ${where}`)
    return { ...snapshot, from: where }
  } catch (error) {
    log(`posts: the database is not reachable or not migrated (${(error as Error).message.split('\n')[0]}); data/blog/ only`)
    return undefined
  } finally {
    await db.destroy()
  }
}
