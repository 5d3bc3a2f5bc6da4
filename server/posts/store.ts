// The posts, tags and revisions tables (issue 11). The admin resources, the publisher and blog
// import (issue 12) all read and write posts through this module, so every write keeps a
// revision. Rows use snake_case; records handed out use the contract's camelCase (shared/posts.ts).
import type { BlogPost } from '../../data/loadData.ts'
import { featuredImageOf } from './featuredImage.ts'
import type { PostFields, PostStatus } from '../../shared/posts.ts'
import { chunk, fromJson, insertReturningId, nowIso, toBool, toIso, type Queryable } from '../db/rows.ts'
import type { TableSpec } from '../db/tableSpec.ts'

/** The admin list's view of posts (filters, sort, export). */
export const postsTable: TableSpec = {
  table: 'posts',
  columns: {
    id: 'int',
    slug: 'text',
    title: 'text',
    excerpt: 'text',
    tags: 'json',
    author: 'text',
    status: 'text',
    publish_at: 'time',
    unpublish_at: 'time',
    date: 'text',
    updated: 'text',
    seo_title: 'text',
    seo_description: 'text',
    canonical_url: 'text',
    noindex: 'bool',
    focus_keyphrase: 'text',
    featured_image: 'text',
    featured_image_alt: 'text',
    gone_target: 'text',
    source: 'text',
    source_path: 'text',
    approval_requested_by: 'int',
    approval_requested_at: 'time',
    published_at: 'time',
    created_by: 'int',
    updated_by: 'int',
    created_at: 'time',
    updated_at: 'time',
  },
  hasUpdatedAt: true,
}

export const tagsTable: TableSpec = {
  table: 'tags',
  columns: {
    id: 'int',
    slug: 'text',
    name: 'text',
    description: 'text',
    seo_title: 'text',
    seo_description: 'text',
    noindex: 'bool',
    created_at: 'time',
    updated_at: 'time',
  },
  hasUpdatedAt: true,
}

export type PostSource = 'admin' | 'file' | 'import'

export type Post = PostFields & {
  id: number
  status: PostStatus
  date: string | null
  updated: string | null
  pending: Partial<PostFields> | null
  goneTarget: string | null
  source: PostSource
  sourcePath: string | null
  approvalRequestedBy: number | null
  approvalRequestedAt: string | null
  publishedAt: string | null
  createdBy: number | null
  updatedBy: number | null
  createdAt: string
  updatedAt: string
}

/** Field name in the contract → column. */
const COLUMNS: Record<keyof PostFields, string> = {
  title: 'title',
  slug: 'slug',
  body: 'body',
  excerpt: 'excerpt',
  tags: 'tags',
  author: 'author',
  publishAt: 'publish_at',
  unpublishAt: 'unpublish_at',
  seoTitle: 'seo_title',
  seoDescription: 'seo_description',
  canonicalUrl: 'canonical_url',
  noindex: 'noindex',
  focusKeyphrase: 'focus_keyphrase',
  featuredImage: 'featured_image',
  featuredImageAlt: 'featured_image_alt',
}
export const POST_FIELDS = Object.keys(COLUMNS) as (keyof PostFields)[]

export function fieldsOf(post: PostFields): PostFields {
  return Object.fromEntries(POST_FIELDS.map((k) => [k, post[k] ?? null])) as PostFields
}

export function toPost(row: Record<string, unknown>): Post {
  const s = (v: unknown) => (v == null ? null : String(v))
  return {
    id: Number(row.id),
    title: String(row.title),
    slug: String(row.slug),
    body: String(row.body ?? ''),
    excerpt: String(row.excerpt ?? ''),
    tags: fromJson<string[]>(row.tags) ?? [],
    author: String(row.author),
    status: String(row.status) as PostStatus,
    publishAt: toIso(row.publish_at),
    unpublishAt: toIso(row.unpublish_at),
    date: s(row.date),
    updated: s(row.updated),
    seoTitle: s(row.seo_title),
    seoDescription: s(row.seo_description),
    canonicalUrl: s(row.canonical_url),
    noindex: toBool(row.noindex),
    focusKeyphrase: s(row.focus_keyphrase),
    featuredImage: s(row.featured_image),
    featuredImageAlt: s(row.featured_image_alt),
    pending: fromJson<Partial<PostFields>>(row.pending),
    goneTarget: s(row.gone_target),
    source: (s(row.source) ?? 'admin') as PostSource,
    sourcePath: s(row.source_path),
    approvalRequestedBy: row.approval_requested_by == null ? null : Number(row.approval_requested_by),
    approvalRequestedAt: toIso(row.approval_requested_at),
    publishedAt: toIso(row.published_at),
    createdBy: row.created_by == null ? null : Number(row.created_by),
    updatedBy: row.updated_by == null ? null : Number(row.updated_by),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  }
}

/** Columns of a set of contract fields (JSON as text: jsonb accepts it). */
function fieldColumns(fields: Partial<PostFields>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(fields)) {
    const col = COLUMNS[k as keyof PostFields]
    if (!col || v === undefined) continue
    out[col] = k === 'tags' ? JSON.stringify(v) : v
  }
  return out
}

export type PostState = {
  status?: PostStatus
  date?: string | null
  updated?: string | null
  pending?: Partial<PostFields> | null
  goneTarget?: string | null
  publishedAt?: string | null
  approvalRequestedBy?: number | null
  approvalRequestedAt?: string | null
}

function stateColumns(state: PostState): Record<string, unknown> {
  const map: Record<keyof PostState, string> = {
    status: 'status',
    date: 'date',
    updated: 'updated',
    pending: 'pending',
    goneTarget: 'gone_target',
    publishedAt: 'published_at',
    approvalRequestedBy: 'approval_requested_by',
    approvalRequestedAt: 'approval_requested_at',
  }
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(state)) {
    if (v === undefined) continue
    out[map[k as keyof PostState]] = k === 'pending' && v !== null ? JSON.stringify(v) : v
  }
  return out
}

export type RevisionKind = 'save' | 'autosave' | 'publish' | 'restore' | 'import' | 'draft'

export type Revision = { id: number; postId: number; number: number; kind: RevisionKind; snapshot: PostFields; createdBy: number | null; createdAt: string }

const toRevision = (row: Record<string, unknown>): Revision => ({
  id: Number(row.id),
  postId: Number(row.post_id),
  number: Number(row.number),
  kind: String(row.kind) as RevisionKind,
  snapshot: fromJson<PostFields>(row.snapshot)!,
  createdBy: row.created_by == null ? null : Number(row.created_by),
  createdAt: toIso(row.created_at)!,
})

/** Keeps a revision of `fields`; an autosave replaces the previous revision when it was an autosave too. */
export async function addRevision(db: Queryable, postId: number, fields: PostFields, kind: RevisionKind, userId: number | null): Promise<Revision> {
  const last = await db('post_revisions').where({ post_id: postId }).orderBy('number', 'desc').first()
  const snapshot = JSON.stringify(fieldsOf(fields))
  const at = nowIso()
  if (kind === 'autosave' && last && last.kind === 'autosave' && (last.created_by == null ? null : Number(last.created_by)) === userId) {
    await db('post_revisions').where({ id: last.id }).update({ snapshot, created_at: at })
    return toRevision({ ...last, snapshot, created_at: at })
  }
  const number = last ? Number(last.number) + 1 : 1
  const id = await insertReturningId(db('post_revisions'), { post_id: postId, number, kind, snapshot, created_by: userId, created_at: at })
  return { id, postId, number, kind, snapshot: fieldsOf(fields), createdBy: userId, createdAt: at }
}

export async function listRevisions(db: Queryable, postId: number): Promise<Revision[]> {
  return (await db('post_revisions').where({ post_id: postId }).orderBy('number', 'desc')).map(toRevision)
}

export async function getRevision(db: Queryable, postId: number, number: number): Promise<Revision | null> {
  const row = await db('post_revisions').where({ post_id: postId, number }).first()
  return row ? toRevision(row) : null
}

export async function getPost(db: Queryable, id: number): Promise<Post | null> {
  const row = await db('posts').where({ id }).first()
  return row ? toPost(row) : null
}

export async function getPostBySlug(db: Queryable, slug: string): Promise<Post | null> {
  const row = await db('posts').where({ slug }).first()
  return row ? toPost(row) : null
}

export type NewPost = PostFields & PostState & { source?: PostSource; sourcePath?: string | null }

/**
 * Inserts a post and its first revision. Validate with PostCreateSchema and check the slug
 * against the catalog first (server/posts/validate.ts); blog import (issue 12) uses
 * `source: 'import'` and `status: 'draft'` or 'published' with `date`.
 */
export async function insertPost(db: Queryable, post: NewPost, userId: number | null, kind: RevisionKind = 'save'): Promise<Post> {
  const at = nowIso()
  const id = await insertReturningId(db('posts'), {
    ...fieldColumns(fieldsOf(post)),
    ...stateColumns({ status: 'draft', ...pickState(post) }),
    source: post.source ?? 'admin',
    source_path: post.sourcePath ?? null,
    created_by: userId,
    updated_by: userId,
    created_at: at,
    updated_at: at,
  })
  await addRevision(db, id, post, kind, userId)
  return (await getPost(db, id))!
}

/**
 * Inserts many new posts and their first revisions in the caller's transaction: multi-row inserts
 * of the posts (their ids read back with their slugs, which are unique: RETURNING's row order is
 * not promised on SQLite), then of the revisions. The blog import (issue 12) writes its batches
 * this way; same rows as insertPost, without reading each post back. Answers the ids in the order
 * of `posts`.
 */
export async function insertPosts(db: Queryable, posts: NewPost[], userId: number | null, kind: RevisionKind = 'save'): Promise<number[]> {
  const at = nowIso()
  const rows = posts.map((post) => ({
    ...fieldColumns(fieldsOf(post)),
    ...stateColumns({ status: 'draft', ...pickState(post) }),
    source: post.source ?? 'admin',
    source_path: post.sourcePath ?? null,
    created_by: userId,
    updated_by: userId,
    created_at: at,
    updated_at: at,
  }))
  // Rows with the same columns go in one statement (a column left out keeps its default, as in
  // insertPost); 100 rows of ~25 columns stay far below both databases' bound-parameter limits.
  const groups = new Map<string, Record<string, unknown>[]>()
  for (const row of rows) {
    const key = Object.keys(row).sort().join(',')
    const group = groups.get(key)
    if (group) group.push(row)
    else groups.set(key, [row])
  }
  const idOf = new Map<string, number>()
  for (const group of groups.values())
    for (const part of chunk(group, 100))
      for (const r of (await db('posts').insert(part).returning(['id', 'slug'])) as Array<{ id: number | string; slug: string }>) idOf.set(r.slug, Number(r.id))
  const ids = posts.map((post) => idOf.get(post.slug)!)
  const revisions = posts.map((post, i) => ({ post_id: ids[i], number: 1, kind, snapshot: JSON.stringify(fieldsOf(post)), created_by: userId, created_at: at }))
  for (const part of chunk(revisions, 100)) await db('post_revisions').insert(part)
  return ids
}

function pickState(s: PostState): PostState {
  const { status, date, updated, pending, goneTarget, publishedAt, approvalRequestedBy, approvalRequestedAt } = s
  return { status, date, updated, pending, goneTarget, publishedAt, approvalRequestedBy, approvalRequestedAt }
}

/** Updates fields and/or state; a change of fields keeps a revision of the result. */
export async function updatePost(
  db: Queryable,
  id: number,
  change: { fields?: Partial<PostFields>; state?: PostState },
  userId: number | null,
  kind: RevisionKind = 'save',
): Promise<Post> {
  const before = await getPost(db, id)
  if (!before) throw new Error(`post ${id} does not exist`)
  await db('posts')
    .where({ id })
    .update({ ...fieldColumns(change.fields ?? {}), ...stateColumns(change.state ?? {}), updated_by: userId, updated_at: nowIso() })
  const after = (await getPost(db, id))!
  if (change.fields && Object.keys(change.fields).length) await addRevision(db, id, after, kind, userId)
  return after
}

/** Published posts, newest first (the catalog merges them with data/blog/*.md). */
export async function listPublishedPosts(db: Queryable): Promise<Post[]> {
  return (
    await db('posts')
      .where({ status: 'published' })
      .orderBy([
        { column: 'date', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
  ).map(toPost)
}

export async function listTags(db: Queryable): Promise<Record<string, unknown>[]> {
  return db('tags').orderBy('slug')
}

/** A post as the build and its templates see it (data/loadData.ts BlogPost). */
export function toBlogPost(post: Post, mediaDir?: string): BlogPost {
  const date = post.date ?? (post.publishedAt ?? post.createdAt).slice(0, 10)
  return {
    slug: post.slug,
    title: post.seoTitle || post.title,
    description: post.seoDescription || post.excerpt,
    date,
    ...(post.updated && post.updated !== date ? { updated: post.updated } : {}),
    author: post.author,
    tags: post.tags,
    markdown: post.body.trim(),
    ...(post.featuredImage ? { image: featuredImageOf(post.featuredImage, post.featuredImageAlt ?? '', mediaDir) } : {}),
  }
}
