// The blog import job on a real database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set):
// the WordPress fixture is written into `posts` with statuses, tags, SEO meta and rewritten links
// and images; redirects are stored for every old URL (link and ?p=ID) and answer through the
// server; importing again creates nothing; a killed import resumes without duplicates.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getImport, runImport } from '../../server/blogImport/importJob.ts'
import { jobs } from '../../server/jobs/registry.ts'
import { nowIso } from '../../server/db/rows.ts'
import { databases, request, startTestServer, type TestServer } from './helpers.ts'

const fixture = path.resolve(import.meta.dirname, '../fixtures/blog-import/wordpress.wxr.xml')

describe.each(databases)('blog import job ($name)', (target) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const newImport = async () => {
    const [row] = (await server
      .db('blog_imports')
      .insert({
        kind: 'wordpress',
        file_name: 'wordpress.wxr.xml',
        file_path: fixture,
        file_bytes: fs.statSync(fixture).size,
        status: 'queued',
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning('id')) as Array<{ id: number } | number>
    return Number(typeof row === 'object' ? row.id : row)
  }
  const importedPosts = () =>
    server
      .db('posts')
      .where({ source: 'import' })
      .orderBy('slug')
      .select('slug', 'status', 'title', 'body', 'tags', 'seo_title', 'seo_description', 'publish_at', 'date', 'author', 'source_path')

  it('is a job of the runner', () => {
    expect(jobs.map((j) => j.type)).toContain('blog.import')
  })

  it('resumes a killed import where it stopped, with no duplicate', async () => {
    const id = await newImport()
    // Kill the run right after its first post is committed (as a server killed mid-import would).
    const controller = new AbortController()
    await expect(runImport(server.db, id, { signal: controller.signal, batchSize: 1, onWritten: () => controller.abort(new Error('killed')) })).rejects.toThrow(
      'killed',
    )
    const partial = Number((await server.db('posts').where({ source: 'import' }).count({ n: '*' }))[0].n)
    expect(partial).toBe(1)
    expect((await getImport(server.db, id))!.status).toBe('running')

    const report = await runImport(server.db, id)
    expect(report.addsUp).toBe(true)
    expect(report.byOutcome.unchanged).toBe(partial)
    expect(report.byOutcome.created).toBe(5 - partial)
    expect((await importedPosts()).map((p) => p.slug)).toEqual([
      'about',
      'call-tracking-for-hvac',
      'google-business-profile-checklist',
      'service-area-pages-that-rank',
      'spring-tune-up-campaign-plan',
    ])
    expect((await getImport(server.db, id))!).toMatchObject({ status: 'done', itemsTotal: 10, itemsDone: 10 })
  })

  it('writes statuses, tags, SEO meta and rewritten internal links', async () => {
    const rows = Object.fromEntries((await importedPosts()).map((p) => [p.slug, p]))
    expect(rows['call-tracking-for-hvac']).toMatchObject({
      status: 'published',
      date: '2024-03-05',
      author: 'Dana Ortiz',
      seo_title: 'Call tracking for HVAC companies - Harbor Loop Marketing',
      source_path: 'wordpress:blog.harborloop.example.com:101',
    })
    const tags = rows['call-tracking-for-hvac'].tags
    expect(typeof tags === 'string' ? JSON.parse(tags) : tags).toEqual(['call-tracking', 'tracking'])
    expect(rows['call-tracking-for-hvac'].body).toContain('[Google Business Profile checklist](/blog/google-business-profile-checklist)')
    expect(rows['google-business-profile-checklist'].body).toContain('[call tracking for HVAC](/blog/call-tracking-for-hvac)')
    expect(rows['service-area-pages-that-rank'].status).toBe('draft')
    expect(rows['spring-tune-up-campaign-plan'].status).toBe('scheduled')
    expect(new Date(rows['spring-tune-up-campaign-plan'].publish_at as string).toISOString()).toBe('2030-04-01T13:00:00.000Z')
  })

  it('stores a redirect for every old URL of a published post, and the server follows them', async () => {
    const rules = await server.db('redirects').where({ group: 'blog import' }).orderBy('source').select('source', 'target', 'query_mode')
    expect(rules.map((r) => `${r.source} → ${r.target} (${r.query_mode})`)).toEqual([
      '/2023/11/google-business-profile-checklist → /blog/google-business-profile-checklist (ignore)',
      '/2024/03/call-tracking-for-hvac → /blog/call-tracking-for-hvac (ignore)',
      '/?p=101 → /blog/call-tracking-for-hvac (exact)',
      '/?p=95 → /blog/google-business-profile-checklist (exact)',
      '/?page_id=2 → /blog/about (exact)',
    ])
    // /about is this site's own About page: the old WordPress /about/ gets no redirect over it.
    expect((await getImport(server.db, 1))!.status).toBe('done')
    for (const [from, to] of [
      ['/?p=101', '/blog/call-tracking-for-hvac'],
      ['/2023/11/google-business-profile-checklist/', '/blog/google-business-profile-checklist'],
    ]) {
      await expect
        .poll(
          async () => {
            const reply = await request(server.base, 'GET', from)
            return `${reply.status} ${reply.headers.get('location')}`
          },
          { timeout: 8000 },
        )
        .toBe(`301 ${to}`)
    }
    expect((await request(server.base, 'GET', '/about')).status).not.toBe(301)
  })

  it('importing the same file twice creates nothing new', async () => {
    const before = await importedPosts()
    const revisions = Number((await server.db('post_revisions').count({ n: '*' }))[0].n)
    const report = await runImport(server.db, await newImport())
    expect(report.byOutcome).toMatchObject({ created: 0, updated: 0, unchanged: 5, skipped: 3, asset: 2, failed: 0 })
    expect(await importedPosts()).toEqual(before)
    expect(Number((await server.db('post_revisions').count({ n: '*' }))[0].n)).toBe(revisions)
    expect(Number((await server.db('redirects').where({ group: 'blog import' }).count({ n: '*' }))[0].n)).toBe(5)
  })
})
