import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../tests/api/helpers.ts'
import { DAY_MS, nowIso } from '../db/rows.ts'
import { closestUrls, flushNotFoundLog, isBot, purgeNotFoundLog, recordNotFound, TOP_N } from './notFoundLog.ts'
import { flushRedirectHits, recordHit } from './store.ts'

describe.each(databases)('the 404 log ($name)', (target) => {
  const t = useTestDb(target)

  it('groups by normalised path, counts bots apart, keeps the top referrers and user agents bounded', async () => {
    const { db } = t
    for (let i = 0; i < 30; i++)
      recordNotFound(db, {
        path: i % 2 ? '/Lost/' : '/lost',
        referrer: `https://ref${i % 15}.example/`,
        userAgent: i < 3 ? 'Googlebot/2.1' : `Browser ${i % 12}`,
      })
    expect(await flushNotFoundLog(db)).toBe(1)
    recordNotFound(db, { path: '/lost', referrer: 'https://ref0.example/', userAgent: 'Browser 0' })
    await flushNotFoundLog(db)
    const row = await db('not_found_log').where({ path: '/lost' }).first()
    expect(Number(row.hits)).toBe(31)
    expect(Number(row.bot_hits)).toBe(3)
    const referrers = typeof row.referrers === 'string' ? JSON.parse(row.referrers) : row.referrers
    expect(Object.keys(referrers)).toHaveLength(TOP_N)
    expect(referrers['https://ref0.example/']).toBe(3)
    expect(await flushNotFoundLog(db)).toBe(0)
  })

  it('an explicit flush waits for the one under way, and overlapping flushes keep every count', async () => {
    const { db } = t
    recordNotFound(db, { path: '/under-way', userAgent: 'Browser 1' })
    const timers = flushNotFoundLog(db) // the timer's flush, not awaited
    expect(await flushNotFoundLog(db)).toBe(0) // shutdown or a test: nothing left, but it waits
    expect(Number((await db('not_found_log').where({ path: '/under-way' }).first())?.hits)).toBe(1)
    expect(await timers).toBe(1)
    recordNotFound(db, { path: '/overlap', userAgent: 'Browser 1' })
    const first = flushNotFoundLog(db)
    recordNotFound(db, { path: '/overlap', userAgent: 'Browser 2' })
    await Promise.all([first, flushNotFoundLog(db)])
    expect(Number((await db('not_found_log').where({ path: '/overlap' }).first()).hits)).toBe(2)
    const [{ id }] = await db('redirects')
      .insert({ source: '/overlap-hit', target: '/about', status_code: 301, match_type: 'exact', query_mode: 'pass', enabled: true, group: '', hits: 0 })
      .returning('id')
    recordHit(db, id)
    const hits = flushRedirectHits(db)
    expect(await flushRedirectHits(db)).toBe(0)
    expect(Number((await db('redirects').where({ id }).first()).hits)).toBe(1)
    expect(await hits).toBe(1)
  })

  it('purges rows older than maxDays, then the oldest beyond maxRows', async () => {
    const { db } = t
    await db('not_found_log').delete()
    const now = Date.parse('2026-11-24T00:00:00Z')
    const rows = Array.from({ length: 10 }, (_, i) => ({
      path: `/p${i}`,
      hits: 1,
      bot_hits: 0,
      first_seen_at: nowIso(now - i * DAY_MS),
      last_seen_at: nowIso(now - i * DAY_MS),
      referrers: '{}',
      user_agents: '{}',
      ignored: false,
    }))
    await db('not_found_log').insert(rows)
    expect(await purgeNotFoundLog(db, now, { maxRows: 100, maxDays: 7 })).toBe(2) // p8, p9 (8 and 9 days old)
    expect(await purgeNotFoundLog(db, now, { maxRows: 5, maxDays: 7 })).toBe(3) // p5..p7, the oldest
    expect((await db('not_found_log').orderBy('path').pluck('path')).sort()).toEqual(['/p0', '/p1', '/p2', '/p3', '/p4'])
    expect(await purgeNotFoundLog(db, now, { maxRows: 5, maxDays: 7 })).toBe(0)
  })

  it('flushes redirect hits in one batch and keeps the latest hit time', async () => {
    const { db } = t
    const [{ id }] = await db('redirects')
      .insert({ source: '/h', target: '/about', status_code: 301, match_type: 'exact', query_mode: 'pass', enabled: true, group: '', hits: 0 })
      .returning('id')
    recordHit(db, id, Date.parse('2026-11-20T00:00:00Z'))
    recordHit(db, id, Date.parse('2026-11-22T00:00:00Z'))
    recordHit(db, id, Date.parse('2026-11-21T00:00:00Z'))
    expect(await flushRedirectHits(db)).toBe(1)
    const row = await db('redirects').where({ id }).first()
    expect(Number(row.hits)).toBe(3)
    expect(new Date(row.last_hit_at).toISOString()).toBe('2026-11-22T00:00:00.000Z')
    expect(await flushRedirectHits(db)).toBe(0)
  })
})

describe('helpers', () => {
  it('knows common bots and an empty user agent', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(true)
    expect(isBot('')).toBe(true)
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0')).toBe(false)
  })
  it('suggests the closest catalog URL by path similarity', () => {
    const urls = ['/about', '/blog/seo-basics', '/services/seo', '/seo-services-austin-tx', '/contact']
    expect(closestUrls('/blog/seo-basic', urls)[0]).toBe('/blog/seo-basics')
    expect(closestUrls('/seo-service-austin', urls)[0]).toBe('/seo-services-austin-tx')
    expect(closestUrls('/contact-us', urls)[0]).toBe('/contact')
  })
})

describe.each(databases)('automatic slug redirects ($name)', (target) => {
  const t = useTestDb(target)
  it('creates old → new in the group "automatic", flattens a chain, and updates on a second change', async () => {
    const { createSlugRedirect } = await import('./automatic.ts')
    const catalog = new Set(['/blog/new-slug', '/about'])
    const first = await t.db.transaction((trx) => createSlugRedirect(trx, '/blog/old-slug', '/blog/new-slug', null, catalog))
    expect(first).toMatchObject({ ok: true, target: '/blog/new-slug' })
    // The slug changes again: the earlier rule is re-pointed, so no chain old → new → newer.
    const second = await t.db.transaction((trx) => createSlugRedirect(trx, '/blog/new-slug', '/blog/newer-slug', null, new Set(['/blog/newer-slug', '/about'])))
    expect(second).toMatchObject({ ok: true, target: '/blog/newer-slug' })
    const rows = await t.db('redirects').orderBy('id').select('source', 'target', 'group')
    expect(rows).toEqual([
      { source: '/blog/old-slug', target: '/blog/newer-slug', group: 'automatic' },
      { source: '/blog/new-slug', target: '/blog/newer-slug', group: 'automatic' },
    ])
    // Back to the first slug: the rule that sent it away goes, the others now point at it.
    const back = await t.db.transaction((trx) => createSlugRedirect(trx, '/blog/newer-slug', '/blog/old-slug', null, new Set(['/blog/old-slug'])))
    expect(back).toMatchObject({ ok: true, target: '/blog/old-slug' })
    expect(await t.db('redirects').orderBy('source').select('source', 'target')).toEqual([
      { source: '/blog/new-slug', target: '/blog/old-slug' },
      { source: '/blog/newer-slug', target: '/blog/old-slug' },
    ])
    expect((await t.db('audit_logs').where({ resource: 'redirects' }).pluck('action')).sort()).toEqual([
      'create',
      'create',
      'create',
      'delete',
      'update',
      'update',
    ])
  })
})
