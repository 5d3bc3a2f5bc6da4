// The posts query module: insert and update keep revisions, autosaves collapse, the catalog's
// published posts map to the build's BlogPost, on both databases.
import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../tests/api/helpers.ts'
import { PostCreateSchema } from '../../shared/posts.ts'
import { getPostBySlug, insertPost, listPublishedPosts, listRevisions, toBlogPost, updatePost } from './store.ts'

const fields = PostCreateSchema.parse({
  title: 'Call tracking for local service ads',
  slug: 'call-tracking-local-service-ads',
  body: 'Local service ads bill per lead. '.repeat(10),
  excerpt: 'How to tie each Local Services Ads call to a booked job, so the cost per lead you pay turns into a cost per customer you can defend.',
  tags: ['ppc', 'analytics', 'ppc'],
  author: 'Jordan Mercer',
})

describe.each(databases)('posts store ($name)', (target) => {
  const database = useTestDb(target)

  it('keeps a revision per save, collapses consecutive autosaves, and lists published posts as BlogPosts', async () => {
    const { db } = database
    expect(fields.tags).toEqual(['ppc', 'analytics'])
    const post = await insertPost(db, fields, null)
    expect(post).toMatchObject({ status: 'draft', source: 'admin', tags: ['ppc', 'analytics'], noindex: false })
    await updatePost(db, post.id, { fields: { title: 'Call tracking for Local Services Ads' } }, null, 'autosave')
    await updatePost(db, post.id, { fields: { excerpt: `${fields.excerpt} Updated.` } }, null, 'autosave')
    await updatePost(db, post.id, { fields: { author: 'Priya Nair' } }, null, 'save')
    const revisions = await listRevisions(db, post.id)
    expect(revisions.map((r) => [r.number, r.kind])).toEqual([
      [3, 'save'],
      [2, 'autosave'],
      [1, 'save'],
    ])
    expect(revisions[1].snapshot.excerpt).toMatch(/Updated\.$/)
    expect(await listPublishedPosts(db)).toEqual([])

    await updatePost(db, post.id, { state: { status: 'published', date: '2026-11-20', publishedAt: '2026-11-20T10:00:00.000Z' } }, null)
    const [live] = await listPublishedPosts(db)
    expect(toBlogPost(live)).toEqual({
      slug: 'call-tracking-local-service-ads',
      title: 'Call tracking for Local Services Ads',
      description: `${fields.excerpt} Updated.`,
      date: '2026-11-20',
      author: 'Priya Nair',
      tags: ['ppc', 'analytics'],
      markdown: fields.body.trim(),
    })
    expect((await getPostBySlug(db, 'call-tracking-local-service-ads'))?.status).toBe('published')
  })
})
