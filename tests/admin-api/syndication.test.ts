// /admin/syndication over HTTP (issue 11 part B): feed settings (validation, audit, feeds rewritten
// at once), WebSub (hub link, the ping through the job runner with a receipt; an unreachable hub
// stays "not connected" and nothing claims it was sent), cross-posting (manual copy with the
// canonical link, URL pasted back, API publishing to a dev.to stand-in in test mode, "not connected"
// refusals, CSV), the feed-fetch log (daily rollup, distinct fetchers, reported subscribers), roles.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../api/helpers.ts'
import { flushFeedFetches, parseFeedAgent, purgeFeedFetches } from '../../server/feeds/fetchLog.ts'
import { SITE, writeFixtureSite } from './cmsFixture.ts'
import { databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value))
const POST = '/blog/utm-naming-conventions'
const id = encodeURIComponent(POST)

type Received = { path: string; body: string; headers: http.IncomingHttpHeaders }
async function fakeService(answer: (r: Received) => { status: number; body?: unknown }) {
  const received: Received[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const r = { path: req.url ?? '', body, headers: req.headers }
      received.push(r)
      const { status, body: out } = answer(r)
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(out === undefined ? '' : JSON.stringify(out))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

async function runJob(server: AdminServer, jobId: number) {
  for (let i = 0; i < 50; i++) {
    await server.runner.runDue()
    const job = await server.db('jobs').where({ id: jobId }).first()
    if (job && job.state !== 'queued' && job.state !== 'running') return job
    if (job && job.attempts > 0 && job.state === 'queued') return job
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`job ${jobId} did not run`)
}

describe('parseFeedAgent', () => {
  it('reads the subscriber count aggregators report and keeps their identity stable', () => {
    const a = parseFeedAgent('Feedly/1.0 (+http://www.feedly.com/fetcher.html; 131 subscribers; )')
    const b = parseFeedAgent('Feedly/1.0 (+http://www.feedly.com/fetcher.html; 140 subscribers; )')
    expect(a).toMatchObject({ agent: 'Feedly/1.0', subscribers: 131 })
    expect(b.identity).toBe(a.identity)
    expect(parseFeedAgent('Inoreader/1.0 (+http://www.inoreader.com/feed-fetcher; 12 subscribers; feed-id=123)')).toMatchObject({
      agent: 'Inoreader/1.0',
      subscribers: 12,
    })
    expect(parseFeedAgent('NetNewsWire (RSS Reader; https://netnewswire.com/)')).toMatchObject({ agent: 'NetNewsWire', subscribers: null })
  })
})

describe.each(databases)('/admin/syndication ($name)', (target) => {
  let server: AdminServer
  let site: ReturnType<typeof writeFixtureSite>
  let hub: Awaited<ReturnType<typeof fakeService>>
  let devto: Awaited<ReturnType<typeof fakeService>>
  beforeAll(async () => {
    site = writeFixtureSite()
    hub = await fakeService(() => ({ status: 204 }))
    devto = await fakeService((r) => ({
      status: 201,
      body: {
        id: 4242,
        url: `https://dev.to/proofline/${JSON.parse(r.body)
          .article.title.toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')}-1a2b`,
      },
    }))
    server = await startAdminServer(target, { STATIC_DIR: site.staticDir, DEVTO_API_KEY: 'test-key', DEVTO_API_URL: devto.url, DEVTO_MODE: 'test' })
  })
  afterAll(async () => {
    await server?.stop()
    await hub?.close()
    await devto?.close()
    fs.rmSync(site.root, { recursive: true, force: true })
  })
  const visit = (p: string, headers: Record<string, string> = {}) => request(server.base, 'GET', p, { headers })

  it('feed settings: defaults, field errors, saved and audited, feeds rewritten at once', async () => {
    const initial = await server.admin.get('/api/admin/syndication-settings')
    expect(initial.body.feeds).toEqual({ content: 'full', itemLimit: 20, hubUrl: null })
    expect(initial.body.websub).toMatchObject({ state: 'not connected', hubUrl: null })
    expect(initial.body.providers.map((p: { id: string; state: string }) => [p.id, p.state])).toEqual([
      ['devto', 'test'],
      ['medium', 'not connected'],
      ['linkedin', 'not connected'],
    ])
    const bad = await server.admin.put('/api/admin/syndication-settings', { content: 'summary', itemLimit: 0, hubUrl: 'ftp://hub.example.com' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['content', 'hubUrl', 'itemLimit'])

    const saved = await server.admin.put('/api/admin/syndication-settings', { content: 'excerpt', itemLimit: 2, hubUrl: '' })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ feeds: { content: 'excerpt', itemLimit: 2, hubUrl: null }, pingJob: null })
    expect(saved.body.written).toContain('/blog/feed.xml')
    const rss = await visit('/blog/feed.xml')
    expect(rss.status).toBe(200)
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    expect(rss.body.match(/<item>/g)).toHaveLength(2)
    expect(rss.body).not.toContain('<content:encoded>')
    expect(rss.body).not.toContain('rel="hub"')
    const logs = await server.admin.get(`/api/admin/audit-logs?filter=${enc({ resource: 'syndication' })}`)
    expect(logs.body[0].changes).toMatchObject({ 'feeds.content': ['full', 'excerpt'], 'feeds.itemLimit': [20, 2] })
  })

  it('WebSub: the hub link in the feeds, the ping through the job runner, the receipt', async () => {
    const saved = await server.admin.put('/api/admin/syndication-settings', { content: 'full', itemLimit: 20, hubUrl: `${hub.url}/hub` })
    expect(saved.body.pingJob).toEqual(expect.any(Number))
    // Nothing is claimed before the hub answers.
    expect(saved.body.websub).toMatchObject({ state: 'not connected', last: null })
    expect((await visit('/blog/atom.xml')).body).toContain(`<link rel="hub" href="${hub.url}/hub"/>`)
    const job = await runJob(server, saved.body.pingJob)
    expect(job.state).toBe('done')
    const pings = hub.received.map((r) => Object.fromEntries(new URLSearchParams(r.body)))
    expect(pings).toContainEqual({ 'hub.mode': 'publish', 'hub.url': `${SITE}/blog/feed.xml` })
    expect(pings).toContainEqual({ 'hub.mode': 'publish', 'hub.url': `${SITE}/tag/analytics/atom.xml` })
    const state = (await server.admin.get('/api/admin/syndication-settings')).body.websub
    expect(state).toMatchObject({ state: 'live', hubUrl: `${hub.url}/hub`, last: { ok: true, status: 204, error: null } })
  })

  it('WebSub: an unreachable hub stays "not connected" and nothing says sent', async () => {
    const saved = await server.admin.put('/api/admin/syndication-settings', { content: 'full', itemLimit: 20, hubUrl: 'http://127.0.0.1:9/hub' })
    const job = await runJob(server, saved.body.pingJob)
    expect(job.last_error).toBeTruthy()
    const state = (await server.admin.get('/api/admin/syndication-settings')).body.websub
    expect(state).toMatchObject({ state: 'not connected', last: { ok: false, status: null } })
    expect(state.reason).toMatch(/did not reach the hub/)
    expect(state.reason).toMatch(/nothing was sent/)
    const ping = await server.admin.post('/api/admin/syndication-settings/ping')
    expect(ping.status).toBe(202)
    await server.admin.put('/api/admin/syndication-settings', { content: 'full', itemLimit: 20, hubUrl: null })
    expect((await server.admin.post('/api/admin/syndication-settings/ping')).status).toBe(409)
  })

  it('cross-posting: the manual copy, the URL pasted back, dev.to in test mode, refusals, CSV', async () => {
    const list = await server.admin.get('/api/admin/syndication')
    expect(list.status).toBe(200)
    expect(list.headers.get('content-range')).toBe('syndication 0-0/1')
    expect(list.body[0]).toMatchObject({ id: POST, title: 'UTM Naming Conventions That Keep GA4 Reports Clean', links: [], posted: 0 })

    const copy = await server.admin.post(`/api/admin/syndication/${id}/copy`, { provider: 'medium' })
    expect(copy.status).toBe(200)
    expect(copy.body.copy.canonicalUrl).toBe(`${SITE}${POST}`)
    expect(copy.body.copy.markdown).toContain(`first published on the [Proofline Digital blog](${SITE}${POST})`)
    expect(copy.body.copy.markdown).not.toMatch(/\]\(\/[^/]/)
    expect(copy.body.links).toMatchObject([{ provider: 'medium', state: 'prepared', url: null }])

    const wrongHost = await server.admin.post(`/api/admin/syndication/${id}/links`, { provider: 'medium', url: 'https://example.com/story' })
    expect(wrongHost.status).toBe(400)
    expect(wrongHost.body.errors.url).toMatch(/medium\.com/)
    const pasted = await server.admin.post(`/api/admin/syndication/${id}/links`, {
      provider: 'medium',
      url: 'https://medium.com/@proofline/utm-naming-conventions-3f2a',
    })
    expect(pasted.body.links).toMatchObject([
      { provider: 'medium', state: 'posted', url: 'https://medium.com/@proofline/utm-naming-conventions-3f2a', receipt: { method: 'manual' } },
    ])

    const linkedin = await server.admin.post(`/api/admin/syndication/${id}/publish`, { provider: 'linkedin' })
    expect(linkedin.status).toBe(409)
    expect(linkedin.body.message).toMatch(/not connected/)

    const published = await server.admin.post(`/api/admin/syndication/${id}/publish`, { provider: 'devto' })
    expect(published.status).toBe(200)
    const sent = JSON.parse(devto.received[0].body).article
    expect(devto.received[0].headers['api-key']).toBe('test-key')
    expect(sent).toMatchObject({
      title: 'UTM Naming Conventions That Keep GA4 Reports Clean',
      published: false,
      canonical_url: `${SITE}${POST}`,
      tags: ['analytics', 'attribution'],
    })
    const devLink = published.body.links.find((l: { provider: string }) => l.provider === 'devto')
    expect(devLink).toMatchObject({
      state: 'posted',
      url: 'https://dev.to/proofline/utm-naming-conventions-that-keep-ga4-reports-clean-1a2b',
      receipt: { method: 'api', mode: 'test', id: 4242 },
    })

    const posted = await server.admin.get(`/api/admin/syndication?filter=${enc({ provider: 'devto' })}`)
    expect(posted.body[0]).toMatchObject({ id: POST, posted: 2 })
    const csv = await server.admin.get('/api/admin/syndication/export.csv')
    expect(String(csv.body)).toContain(
      `${POST},UTM Naming Conventions That Keep GA4 Reports Clean,medium,posted,https://medium.com/@proofline/utm-naming-conventions-3f2a,`,
    )
    expect((await server.admin.post(`/api/admin/syndication/${encodeURIComponent('/about')}/copy`, { provider: 'devto' })).status).toBe(404)
    expect((await server.admin.delete(`/api/admin/syndication/${id}/links/medium`)).body.links.map((l: { provider: string }) => l.provider)).toEqual(['devto'])
    const actions = (await server.admin.get(`/api/admin/audit-logs?filter=${enc({ resource: 'syndication' })}&sort=${enc(['id', 'ASC'])}`)).body.map(
      (l: { action: string; record_id: number | null }) => l.action,
    )
    expect(actions.slice(-4)).toEqual(['create', 'update', 'create', 'delete'])
  })

  it('feed fetches: one daily row per fetcher, distinct fetchers and reported subscribers, retention', async () => {
    // The fetches of the tests above are counted too: start from an empty log.
    await flushFeedFetches(server.db)
    await server.db('feed_fetch_daily').delete()
    const feedly = 'Feedly/1.0 (+http://www.feedly.com/fetcher.html; 131 subscribers; )'
    for (const ua of [
      feedly,
      feedly,
      'Feedly/1.0 (+http://www.feedly.com/fetcher.html; 133 subscribers; )',
      'NetNewsWire (RSS Reader; https://netnewswire.com/)',
    ])
      expect((await visit('/blog/feed.xml', { 'User-Agent': ua })).status).toBe(200)
    await visit('/tag/analytics/feed.json', { 'User-Agent': feedly })
    await visit('/blog/no-such-feed.xml', { 'User-Agent': feedly })
    // A flush under way (the server's timer), then the screen's: it finds nothing left but returns only
    // once that one has committed, so the read below sees every count.
    const underWay = flushFeedFetches(server.db)
    expect(await flushFeedFetches(server.db)).toBe(0)
    const rows = await server.db('feed_fetch_daily').orderBy(['feed', 'agent'])
    await underWay
    expect(rows.map((r) => [r.feed, r.agent, Number(r.hits), Number(r.subscribers)])).toEqual([
      ['/blog/feed.xml', 'Feedly/1.0', 3, 133],
      ['/blog/feed.xml', 'NetNewsWire', 1, 0],
      ['/tag/analytics/feed.json', 'Feedly/1.0', 1, 131],
    ])
    const stats = await server.admin.get('/api/admin/syndication-analytics?days=7')
    const today = stats.body.series.at(-1)
    expect(stats.body.series).toHaveLength(7)
    expect(today).toMatchObject({ day: new Date().toISOString().slice(0, 10), fetchers: 2, subscribers: 134, hits: 5 })
    expect(stats.body.readers.map((r: { agent: string; subscribers: number }) => [r.agent, r.subscribers])).toEqual([
      ['Feedly/1.0', 133],
      ['NetNewsWire', 1],
    ])
    const one = await server.admin.get(`/api/admin/syndication-analytics?days=7&feed=${encodeURIComponent('/tag/analytics/feed.json')}`)
    expect(one.body.series.at(-1)).toMatchObject({ fetchers: 1, subscribers: 131, hits: 1 })
    expect((await server.admin.get('/api/admin/syndication-analytics?days=0')).status).toBe(400)
    await server.db('feed_fetch_daily').insert({ day: '2020-01-01', feed: '/blog/feed.xml', fetcher: 'old', agent: 'Old/1.0', subscribers: 5, hits: 1 })
    expect(await purgeFeedFetches(server.db)).toBe(1)
    expect(Number((await server.db('feed_fetch_daily').count({ n: '*' }).first())?.n)).toBe(3)
    expect(fs.existsSync(path.join(site.staticDir, 'blog/feed.xml.br'))).toBe(true)
  })

  it('roles: marketing manages, sales cannot see syndication', async () => {
    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.get('/api/admin/syndication-settings')).status).toBe(200)
    expect((await marketing.post(`/api/admin/syndication/${id}/copy`, { provider: 'linkedin' })).status).toBe(200)
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/syndication')).status).toBe(403)
    expect((await sales.put('/api/admin/syndication-settings', { content: 'full', itemLimit: 5, hubUrl: null })).status).toBe(403)
  })
})
