// Redirects and the 404 log over HTTP (issue 10): every rule type applied by the Koa server
// (exact, prefix, regex with captures; 301/302/307/308/410), the query modes (UTM parameters
// survive `pass`), the save-time refusals (loops, hidden pages, bad regexes, missing targets),
// chains flattened, batched hit counts, the 404 log with its actions, CSV export and import, roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../api/helpers.ts'
import { flushRedirectCounters } from '../../server/redirects/tasks.ts'
import { databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value))

describe.each(databases)('redirects ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    // The counters' timer never fires here: each test flushes them itself, and 'counts hits in
    // batches' reads the table between the hits and the flush (the 5 s timer once flushed there, in CI).
    server = await startAdminServer(target, {}, { counterFlushMs: 3_600_000 })
  })
  afterAll(async () => {
    await server?.stop()
  })
  const save = (body: Record<string, unknown>) => server.admin.post('/api/admin/redirects', body)
  const visit = (path: string, method = 'GET', headers: Record<string, string> = {}) => request(server.base, method, path, { headers })

  it('exact rule: 301 with trailing-slash and case normalisation, UTM parameters kept (pass)', async () => {
    const created = await save({ source: '/Old-About/', target: '/about' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      source: '/old-about',
      target: '/about',
      status_code: 301,
      match_type: 'exact',
      query_mode: 'pass',
      enabled: true,
      hits: 0,
      created_by: server.admin.user.id,
      flattened: null,
    })
    const reply = await visit('/old-about/?utm_source=news&utm_campaign=spring')
    expect(reply.status).toBe(301)
    expect(reply.headers.get('location')).toBe('/about?utm_source=news&utm_campaign=spring')
    expect((await visit('/OLD-ABOUT', 'HEAD')).status).toBe(301)
    // Other methods are not redirected.
    expect((await visit('/old-about', 'POST')).status).not.toBe(301)
  })

  it('query modes: ignore drops the query, exact matches on it', async () => {
    expect((await save({ source: '/drop-query', target: '/contact', query_mode: 'ignore', status_code: 302 })).status).toBe(201)
    const dropped = await visit('/drop-query?utm_source=x')
    expect([dropped.status, dropped.headers.get('location')]).toEqual([302, '/contact'])
    expect((await save({ source: '/listing?page=2&sort=new', target: '/blog', query_mode: 'exact', status_code: 307 })).status).toBe(201)
    const hit = await visit('/listing?sort=new&page=2')
    expect([hit.status, hit.headers.get('location')]).toEqual([307, '/blog'])
    expect((await visit('/listing?page=3')).status).toBe(404)
  })

  it('prefix and regex rules, with captures; 308', async () => {
    expect((await save({ source: '/old-services', target: '/services', match_type: 'prefix', status_code: 308 })).status).toBe(201)
    const prefixed = await visit('/old-services/seo?utm_medium=cpc')
    expect([prefixed.status, prefixed.headers.get('location')]).toEqual([308, '/services/seo?utm_medium=cpc'])
    const regex = await save({ source: '^/articles/(\\d{4})/([a-z-]+)$', target: '/blog/$2', match_type: 'regex' })
    expect(regex.status).toBe(201)
    const matched = await visit('/articles/2021/seo-basics')
    expect([matched.status, matched.headers.get('location')]).toEqual([301, '/blog/seo-basics'])
  })

  it('410 Gone answers a page, not a redirect', async () => {
    const created = await save({ source: '/retired-offer', status_code: 410, target: '/about' })
    expect(created.status).toBe(201)
    expect(created.body.target).toBeNull()
    const gone = await visit('/retired-offer')
    expect(gone.status).toBe(410)
    expect(gone.headers.get('location')).toBeNull()
    expect(String(gone.body)).toContain('removed')
  })

  it('refuses loops, hidden pages, bad regexes and missing targets with field messages', async () => {
    expect((await save({ source: '/loop-a', target: '/about' })).status).toBe(201)
    const loop = await save({ source: '/about-us-old', target: '/loop-a' })
    // /loop-a → /about: a chain, flattened; a loop needs a way back:
    expect(loop.status).toBe(201)
    const back = await save({ source: '/loop-b', target: '/loop-c' })
    expect(back.status).toBe(400)
    expect(back.body.errors.target).toMatch(/no page at \/loop-c/)
    expect((await save({ source: '/loop-c', target: '/contact' })).status).toBe(201)
    const cycle = await server.admin.put(`/api/admin/redirects/${(await server.db('redirects').where({ source: '/loop-c' }).first()).id}`, {
      target: '/loop-d',
    })
    expect(cycle.status).toBe(400)
    const selfLoop = await save({ source: '/self', target: '/self/' })
    expect(selfLoop.status).toBe(400)
    expect(selfLoop.body.errors.target).toMatch(/loop/)

    const hides = await save({ source: '/contact', target: '/about' })
    expect(hides.status).toBe(400)
    expect(hides.body.errors.source).toMatch(/hide the live page \/contact/)
    const redos = await save({ source: '^/(a+)+$', target: '/about', match_type: 'regex' })
    expect(redos.status).toBe(400)
    expect(redos.body.errors.source).toMatch(/repeated group/)
    const broken = await save({ source: '^/(oops$', target: '/about', match_type: 'regex' })
    expect(broken.status).toBe(400)
    expect(broken.body.errors.source).toMatch(/does not compile/)
    const missing = await save({ source: '/x-old', target: '/no-such-page' })
    expect(missing.status).toBe(400)
    expect(missing.body.errors.target).toMatch(/no page/)
    const badStatus = await save({ source: '/x-old', target: '/about', status_code: 303 })
    expect(badStatus.status).toBe(400)
    expect(badStatus.body.errors.status_code).toBeDefined()
    const dup = await save({ source: '/LOOP-A/', target: '/contact' })
    expect(dup.status).toBe(400)
    expect(dup.body.errors.source).toMatch(/already/)
  })

  it('a loop through an existing rule is refused', async () => {
    // Chains are flattened at save, so a loop needs rules on live pages (confirmed) that point at each other.
    const first = await save({ source: '/portfolio', target: '/partners', confirmHidesPage: true })
    expect(first.status).toBe(201)
    const back = await save({ source: '/partners', target: '/portfolio', confirmHidesPage: true })
    expect(back.status).toBe(400)
    expect(back.body.errors.target).toMatch(/loop: \/partners → \/portfolio → \/partners/)
    expect((await server.admin.delete(`/api/admin/redirects/${first.body.id}`)).status).toBe(200)
  })

  it('hiding a live page is allowed with the explicit flag, and audited', async () => {
    const reply = await save({ source: '/careers', target: '/about', confirmHidesPage: true, note: 'Hiring paused' })
    expect(reply.status).toBe(201)
    expect(reply.body.hides).toEqual(['/careers'])
    expect((await visit('/careers')).headers.get('location')).toBe('/about')
    const audit = await server.db('audit_logs').where({ resource: 'redirects', record_id: reply.body.id, action: 'create' }).first()
    expect(audit).toBeTruthy()
    expect(await server.admin.delete(`/api/admin/redirects/${reply.body.id}`)).toMatchObject({ status: 200 })
    expect((await visit('/careers')).status).not.toBe(301)
  })

  it('flattens chains both ways and says so', async () => {
    expect((await save({ source: '/chain-c', target: '/contact' })).status).toBe(201)
    const a = await save({ source: '/chain-a', target: '/chain-c' })
    expect(a.status).toBe(201)
    expect(a.body).toMatchObject({ target: '/contact', flattened: ['/chain-c', '/contact'] })
    // A new rule for a URL other rules point at re-points them.
    const older = await save({ source: '/chain-older', target: '/about' })
    const about = await save({ source: '/chain-z', target: '/about' })
    expect(about.status).toBe(201)
    expect(older.status).toBe(201)
    const x = await save({ source: '/chain-x', target: '/blog' })
    expect(x.status).toBe(201)
    const y = await save({ source: '/chain-y', target: '/chain-x' })
    expect(y.body.target).toBe('/blog')
    const visitA = await visit('/chain-a')
    expect(visitA.headers.get('location')).toBe('/contact')
  })

  it('bulk disable, enable and delete from the list take effect at once (the list’s bulk buttons)', async () => {
    const a = await save({ source: '/bulk-old-a', target: '/about' })
    const b = await save({ source: '/bulk-old-b', target: '/contact' })
    const ids = [a.body.id, b.body.id]
    expect((await visit('/bulk-old-a')).status).toBe(301)
    // PUT /redirects/bulk passes through the /redirects/:id route first: its body was read twice,
    // and the second read waited for the 30-second body timeout (408).
    const disabled = await server.admin.put('/api/admin/redirects/bulk', { ids, data: { enabled: false } })
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200)
    expect(disabled.body).toEqual({ ids })
    // This instance reloaded its rules: neither old URL redirects any more.
    expect((await visit('/bulk-old-a')).status).not.toBe(301)
    expect((await visit('/bulk-old-b')).status).not.toBe(301)
    const enabled = await server.admin.put('/api/admin/redirects/bulk', { ids, data: { enabled: true } })
    expect(enabled.status).toBe(200)
    expect((await visit('/bulk-old-b')).headers.get('location')).toBe('/contact')
    // A bad bulk body gets its field message, at once.
    const bad = await server.admin.put('/api/admin/redirects/bulk', {})
    expect(bad.status).toBe(400)
    const removed = await server.admin.delete('/api/admin/redirects/bulk', { ids: [a.body.id] })
    expect(removed.status).toBe(200)
    expect((await visit('/bulk-old-a')).status).not.toBe(301)
    expect((await server.admin.get(`/api/admin/redirects/${a.body.id}`)).status).toBe(404)
    // The other bulk delete route (POST, for clients that send no body with DELETE) reloads them too.
    expect((await visit('/bulk-old-b')).status).toBe(301)
    const removedByPost = await server.admin.post('/api/admin/redirects/bulk-delete', { ids: [b.body.id] })
    expect(removedByPost.body).toEqual({ ids: [b.body.id] })
    expect((await visit('/bulk-old-b')).status).not.toBe(301)
  })

  it('counts hits in batches', async () => {
    const rule = await save({ source: '/counted', target: '/about' })
    for (let i = 0; i < 5; i++) expect((await visit('/counted')).status).toBe(301)
    expect(Number((await server.db('redirects').where({ id: rule.body.id }).first()).hits)).toBe(0)
    await flushRedirectCounters(server.db)
    const after = await server.admin.get(`/api/admin/redirects/${rule.body.id}`)
    expect(after.body.hits).toBe(5)
    expect(after.body.last_hit_at).toEqual(expect.any(String))
  })

  it('lists with filters, search and sort; exports CSV', async () => {
    const list = await server.admin.get(`/api/admin/redirects?filter=${enc({ q: 'chain', match_type: 'exact' })}&sort=${enc(['source', 'ASC'])}&range=[0,9]`)
    expect(list.status).toBe(200)
    expect(list.body.map((r: { source: string }) => r.source)).toEqual(['/chain-a', '/chain-c', '/chain-older', '/chain-x', '/chain-y', '/chain-z'])
    const csv = await server.admin.get(`/api/admin/redirects/export.csv?filter=${enc({ q: 'chain-a' })}`)
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain('source,target,status_code,match_type,query_mode,enabled,group,note,hits,last_hit_at')
    expect(String(csv.body)).toContain('/chain-a,/contact,301,exact,pass,true')
  })

  it('imports CSV with a dry run and per-row errors, then for real', async () => {
    const csv =
      'source,target,status_code,match_type\n/imp-1,/about,301,exact\n/imp-2,/nowhere,301,exact\n/contact,/about,301,exact\n^/(x+)+$,/about,301,regex\n/imp-3,/imp-1,302,exact\n'
    const dry = await server.admin.request('POST', '/api/admin/redirects/import?dryRun=1', { body: csv, type: 'text/csv' })
    expect(dry.status).toBe(200)
    expect(dry.body).toMatchObject({ total: 5, valid: 2, created: 0 })
    expect(dry.body.rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'ok'],
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
      [6, 'ok'],
    ])
    expect(dry.body.rows[1].errors.target).toMatch(/no page/)
    expect(dry.body.rows[4]).toMatchObject({ target: '/about', flattened: ['/imp-1', '/about'] })
    expect(await server.db('redirects').where({ source: '/imp-1' }).first()).toBeUndefined()
    const real = await server.admin.request('POST', '/api/admin/redirects/import', { body: csv, type: 'text/csv' })
    expect(real.body).toMatchObject({ created: 2 })
    expect((await visit('/imp-3')).headers.get('location')).toBe('/about')
  })

  it('imports .htaccess and nginx lines', async () => {
    const htaccess = [
      'RewriteEngine On',
      'Redirect 301 /ht-old /about',
      'RedirectMatch 302 ^/ht-news/(.*)$ /blog/$1',
      'RewriteRule ^ht-page/?$ /contact [R=301,L]',
      'RewriteRule ^internal$ /index.php [L]',
      'Redirect gone /ht-gone',
    ].join('\n')
    const ht = await server.admin.request('POST', '/api/admin/redirects/import?format=htaccess', { body: htaccess, type: 'text/plain' })
    expect(ht.status).toBe(200)
    expect(ht.body.rows.map((r: { source: string; status: string }) => [r.source, r.status])).toEqual([
      ['/ht-old', 'ok'],
      ['^/ht-news/(.*)$', 'ok'],
      ['/ht-page', 'ok'],
      ['^internal$', 'error'],
      ['/ht-gone', 'ok'],
    ])
    expect((await visit('/ht-news/seo-basics')).headers.get('location')).toBe('/blog/seo-basics')
    expect((await visit('/ht-gone')).status).toBe(410)
    const nginx = [
      'location = /ng-old { return 301 /about; }',
      'location /ng-section {',
      '  return 302 /services$is_args$args;',
      '}',
      'rewrite ^/ng-rw/(.*)$ /blog/$1 permanent;',
      'rewrite ^/ng-int$ /x last;',
    ].join('\n')
    const ng = await server.admin.request('POST', '/api/admin/redirects/import?format=nginx', { body: nginx, type: 'text/plain' })
    expect(ng.body.rows.map((r: { source: string; status: string }) => [r.source, r.status])).toEqual([
      ['/ng-old', 'ok'],
      ['/ng-section', 'ok'],
      ['^/ng-rw/(.*)$', 'ok'],
      ['^/ng-int$', 'error'],
    ])
    expect((await visit('/ng-section/a?q=1')).headers.get('location')).toBe('/services/a?q=1')
  })

  it('records 404s grouped by path, and the not-found screen lists, filters, suggests and ignores', async () => {
    await visit('/missing-seo-page', 'GET', { Referer: 'https://search.example/q', 'User-Agent': 'Mozilla/5.0 Firefox' })
    await visit('/Missing-SEO-page/', 'GET', { 'User-Agent': 'Mozilla/5.0 Firefox' })
    await visit('/bot-only-path', 'GET', { 'User-Agent': 'Googlebot/2.1' })
    await visit('/api/nothing-here')
    await flushRedirectCounters(server.db)
    const list = await server.admin.get(`/api/admin/not-found?sort=${enc(['hits', 'DESC'])}`)
    expect(list.status).toBe(200)
    const seo = list.body.find((r: { path: string }) => r.path === '/missing-seo-page')
    expect(seo).toMatchObject({ hits: 2, bot_hits: 0, referrers: { 'https://search.example/q': 1 }, user_agents: { 'Mozilla/5.0 Firefox': 2 }, ignored: false })
    expect(list.body.some((r: { path: string }) => r.path.startsWith('/api'))).toBe(false)
    const humans = await server.admin.get(`/api/admin/not-found?filter=${enc({ hideBots: true })}`)
    expect(humans.body.map((r: { path: string }) => r.path)).not.toContain('/bot-only-path')
    const search = await server.admin.get(`/api/admin/not-found?filter=${enc({ q: 'seo' })}`)
    expect(search.body.map((r: { path: string }) => r.path)).toEqual(['/missing-seo-page'])
    const suggestions = await server.admin.get(`/api/admin/not-found/${seo.id}/suggestions`)
    expect(suggestions.body.urls[0]).toMatch(/seo/)
    const bot = list.body.find((r: { path: string }) => r.path === '/bot-only-path')
    expect((await server.admin.put('/api/admin/not-found/bulk', { ids: [bot.id], data: { ignored: true } })).body).toEqual({ ids: [bot.id] })
    const open = await server.admin.get(`/api/admin/not-found?filter=${enc({ ignored: false })}`)
    expect(open.body.map((r: { path: string }) => r.path)).not.toContain('/bot-only-path')
    expect(await server.db('audit_logs').where({ resource: 'not-found', record_id: bot.id, action: 'update' }).first()).toBeTruthy()
    // A redirect created from the log: the old URL lands on the new one.
    expect((await save({ source: seo.path, target: suggestions.body.urls[0] })).status).toBe(201)
    expect((await visit('/missing-seo-page')).headers.get('location')).toBe(suggestions.body.urls[0])
  })

  it('records the 404 page views the browser tracker reports, once per view', async () => {
    const view = (path: string, props?: Record<string, unknown>) => ({
      type: 'page_view',
      path,
      visitorId: 'visitor-404-test',
      sessionId: 'session-404-test',
      at: Date.now(),
      name: 'Page not found',
      referrer: 'https://cdn-ref.example/',
      ...(props ? { props } : {}),
    })
    const ua = { 'User-Agent': 'Mozilla/5.0 CDN visitor' }
    const sent = await request(server.base, 'POST', '/api/events', {
      json: { events: [view('/cdn-missing?utm_source=x', { status: 404 }), view('/about')] },
      headers: ua,
    })
    expect(sent.status).toBe(202)
    // The same visitor on a 404 this server served: counted once, not twice.
    await visit('/served-missing', 'GET', ua)
    await request(server.base, 'POST', '/api/events', { json: { events: [view('/served-missing', { status: 404 })] }, headers: ua })
    await flushRedirectCounters(server.db)
    const rows = await server.db('not_found_log').whereIn('path', ['/cdn-missing', '/served-missing', '/about']).orderBy('path')
    expect(rows.map((r) => [r.path, Number(r.hits)])).toEqual([
      ['/cdn-missing', 1],
      ['/served-missing', 1],
    ])
  })

  it('marketing manages redirects, sales cannot', async () => {
    const marketing = await userWithRole(server, 'marketing')
    const sales = await userWithRole(server, 'sales')
    expect((await marketing.post('/api/admin/redirects', { source: '/mk-old', target: '/about' })).status).toBe(201)
    expect((await marketing.get('/api/admin/not-found')).status).toBe(200)
    expect((await sales.get('/api/admin/redirects')).status).toBe(403)
    expect((await sales.post('/api/admin/redirects', { source: '/sl-old', target: '/about' })).status).toBe(403)
    expect((await sales.get('/api/admin/not-found')).status).toBe(403)
    expect((await sales.request('POST', '/api/admin/redirects/import?dryRun=1', { body: 'source,target\n/a,/about\n', type: 'text/csv' })).status).toBe(403)
  })

  it('another instance sees a change through the version number', async () => {
    const { RedirectStore } = await import('../../server/redirects/store.ts')
    const other = new RedirectStore(server.db, 0)
    await other.refresh()
    expect((await other.current()).match('/from-elsewhere')).toBeNull()
    expect((await save({ source: '/from-elsewhere', target: '/about' })).status).toBe(201)
    await other.refresh()
    expect((await other.current()).match('/from-elsewhere')?.location).toBe('/about')
  })
})

describe.each(databases)('the 404 log list on a large table ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })
  it('caps the count at NOT_FOUND_COUNT_CAP and still pages by hits', async () => {
    const { NOT_FOUND_COUNT_CAP } = await import('../../server/admin/notFound.ts')
    const at = new Date().toISOString()
    const rows = Array.from({ length: NOT_FOUND_COUNT_CAP + 50 }, (_, i) => ({
      path: `/big/${i}`,
      hits: i + 1,
      bot_hits: 0,
      first_seen_at: at,
      last_seen_at: at,
      referrers: '{}',
      user_agents: '{}',
      ignored: false,
    }))
    for (let i = 0; i < rows.length; i += 500) await server.db('not_found_log').insert(rows.slice(i, i + 500))
    const list = await server.admin.get(
      `/api/admin/not-found?sort=${enc(['hits', 'DESC'])}&range=${enc([0, 2])}&filter=${enc({ hideBots: true, ignored: false })}`,
    )
    expect(list.status).toBe(200)
    expect(list.headers.get('content-range')).toBe(`not-found 0-2/${NOT_FOUND_COUNT_CAP}`)
    expect(list.body.map((r: { path: string }) => r.path)).toEqual([
      `/big/${NOT_FOUND_COUNT_CAP + 49}`,
      `/big/${NOT_FOUND_COUNT_CAP + 48}`,
      `/big/${NOT_FOUND_COUNT_CAP + 47}`,
    ])
    const small = await server.admin.get(`/api/admin/not-found?filter=${enc({ q: '/big/1000' })}`)
    expect(small.headers.get('content-range')).toMatch(/\/\d+$/)
    expect(Number(small.headers.get('content-range')!.split('/')[1])).toBeLessThan(100)
    // A term matching more rows than the cap: the count stops at the cap, the page comes by hits.
    const common = await server.admin.get(`/api/admin/not-found?sort=${enc(['hits', 'DESC'])}&range=${enc([0, 1])}&filter=${enc({ q: '/big/' })}`)
    expect(common.headers.get('content-range')).toBe(`not-found 0-1/${NOT_FOUND_COUNT_CAP}`)
    expect(common.body.map((r: { path: string }) => r.path)).toEqual([`/big/${NOT_FOUND_COUNT_CAP + 49}`, `/big/${NOT_FOUND_COUNT_CAP + 48}`])
  })

  it('searches paths by substring: rare and common terms, wildcards taken literally, with the other filters, after deletes', async () => {
    const at = new Date().toISOString()
    const row = (path: string, hits: number, botHits = 0, ignored = false) => ({
      path,
      hits,
      bot_hits: botHits,
      first_seen_at: at,
      last_seen_at: at,
      referrers: '{}',
      user_agents: '{}',
      ignored,
    })
    await server
      .db('not_found_log')
      .insert([
        row('/old-shop/widget-100%-off', 5),
        row('/old-shop/widget-1000-off', 9),
        row('/old-shop/widget_a', 4),
        row('/old-shop/widgetxa', 3),
        row('/old-shop/bot-widget', 8, 8),
        row('/old-shop/ignored-widget', 7, 0, true),
      ])
    const search = async (filter: Record<string, unknown>) => {
      const r = await server.admin.get(`/api/admin/not-found?sort=${enc(['hits', 'DESC'])}&range=${enc([0, 24])}&filter=${enc(filter)}`)
      expect(r.status).toBe(200)
      return { paths: r.body.map((x: { path: string }) => x.path), total: Number(r.headers.get('content-range')!.split('/')[1]) }
    }
    expect(await search({ q: 'WIDGET', hideBots: true, ignored: false })).toEqual({
      paths: ['/old-shop/widget-1000-off', '/old-shop/widget-100%-off', '/old-shop/widget_a', '/old-shop/widgetxa'],
      total: 4,
    })
    expect((await search({ q: '100%' })).paths).toEqual(['/old-shop/widget-100%-off'])
    expect((await search({ q: 'widget_a' })).paths).toEqual(['/old-shop/widget_a'])
    expect((await search({ q: 'xa' })).paths).toEqual(['/old-shop/widgetxa'])
    expect((await search({ q: 'bot-widget' })).paths).toEqual(['/old-shop/bot-widget'])
    expect((await search({ q: 'bot-widget', hideBots: true })).paths).toEqual([])
    await server.db('not_found_log').where({ path: '/old-shop/widget_a' }).delete()
    expect((await search({ q: 'widget_a' })).paths).toEqual([])
  })
})
