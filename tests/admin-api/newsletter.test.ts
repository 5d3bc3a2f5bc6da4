// The newsletter's staff side over HTTP (issue 15): the mail provider's state and connection test,
// subscribers (create with consent, filters, export, import with dry run, bounce rules by hand and
// by webhook, erasure, roles), and campaigns end to end through a local SMTP sink: preview, test
// send, send now through the job runner, one email per recipient with the RFC 8058 headers, open
// classification, click redirect with UTM, tracking off, and the report with the closed loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nowIso } from '../../server/db/rows.ts'
import { parseMail, pathOf, waitFor } from '../api/mimeMessage.ts'
import { request } from '../api/helpers.ts'
import { startSmtpSink, type SmtpSink } from '../api/smtpSink.ts'
import { databases, insertLeads, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const HOOK = 'webhook-token-for-the-tests-0123456789'
const HUMAN_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'

describe.each(databases)('newsletter admin ($name)', (target) => {
  let server: AdminServer
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink()
    server = await startAdminServer(target, {
      SMTP_URL: sink.url,
      MAIL_MODE: 'test',
      JOBS_POLL_MS: '100',
      SITE_URL: 'https://www.proofline.example.com',
      NEWSLETTER_WEBHOOK_TOKEN: HOOK,
      NEWSLETTER_RATE_PER_SECOND: '1000',
      NEWSLETTER_BATCH_SIZE: '3',
    })
  })
  afterAll(async () => {
    await server?.stop()
    await sink?.close()
  })

  const mailsTo = (email: string) => sink.messages.map(parseMail).filter((m) => m.header('to') === email)
  const addSubscriber = async (email: string, over: Record<string, unknown> = {}) => {
    const r = await server.admin.post('/api/admin/subscribers', { email, consent: 'Asked at the March webinar, signed form on file', ...over })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    return r.body
  }

  it('shows the provider state and runs the connection test with a receipt', async () => {
    const state = await server.admin.get('/api/admin/newsletter-settings/mail')
    expect(state.body).toMatchObject({
      provider: 'smtp',
      state: 'test',
      description: expect.stringContaining('smtp://127.0.0.1:'),
      bounceWebhook: 'on',
      ratePerSecond: 1000,
    })
    expect(JSON.stringify(state.body)).not.toContain(HOOK)
    const test = await server.admin.post('/api/admin/newsletter-settings/mail/test', { send: true })
    expect(test.body).toMatchObject({ ok: true, state: 'test', messageId: expect.stringMatching(/^<.+>$/) })
    await waitFor(() => mailsTo('owner@example.com').find((m) => /test of the email connection/.test(m.header('subject'))), 'the test message')
  })

  it('creates subscribers only with stated consent, filters, sorts and exports them', async () => {
    const bad = await server.admin.post('/api/admin/subscribers', { email: 'noconsent@example.com' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.consent, JSON.stringify(bad.body)).toMatch(/State how this person agreed/)
    const s = await addSubscriber('Grace@Example.com', { name: 'Grace Hopper', tags: ['VIP', 'webinar'] })
    expect(s).toMatchObject({
      email: 'grace@example.com',
      status: 'subscribed',
      source: 'Admin',
      tags: ['vip', 'webinar'],
      lists: [{ name: 'Newsletter', status: 'subscribed' }],
    })
    expect((await server.admin.post('/api/admin/subscribers', { email: 'grace@example.com', consent: 'again and again' })).status).toBe(409)
    await addSubscriber('alan@example.com', { tags: ['webinar'] })
    const list = await server.admin.get(
      `/api/admin/subscribers?${new URLSearchParams({ filter: JSON.stringify({ tag: 'vip' }), sort: JSON.stringify(['email', 'ASC']) })}`,
    )
    expect(list.body.map((r: { email: string }) => r.email)).toEqual(['grace@example.com'])
    const q = await server.admin.get(`/api/admin/subscribers?${new URLSearchParams({ filter: JSON.stringify({ q: 'Grace Hop' }) })}`)
    expect(q.body.map((r: { email: string }) => r.email)).toEqual(['grace@example.com'])
    expect((await server.admin.get(`/api/admin/subscribers?${new URLSearchParams({ filter: JSON.stringify({ engaged_days: 'x' }) })}`)).status).toBe(400)
    const csv = await server.admin.get(`/api/admin/subscribers/export.csv?${new URLSearchParams({ filter: JSON.stringify({ tag: 'webinar' }) })}`)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toContain('email,name,status,source')
    expect(lines).toHaveLength(3)
    expect(lines.join('\n')).toContain('grace@example.com,Grace Hopper,subscribed,Admin')
  })

  it('imports a CSV with a dry run, consent stated, and errors by line', async () => {
    const csv = 'email,name,tags\nada@example.com,Ada Lovelace,engines; math\nnot-an-email,Nobody,\nada@example.com,Ada Again,\ngrace@example.com,Grace,\n'
    const noConsent = await server.admin.request('POST', '/api/admin/subscribers/import?dryRun=1', { body: csv, type: 'text/csv' })
    expect(noConsent.status).toBe(400)
    expect(noConsent.body.errors).toEqual({ consent: 'State how these people agreed to receive the newsletter.' })
    const consent = encodeURIComponent('Opted in on the 2026 conference badge scan form')
    const dry = await server.admin.request('POST', `/api/admin/subscribers/import?dryRun=1&consent=${consent}`, { body: csv, type: 'text/csv' })
    expect(dry.body).toMatchObject({ dryRun: true, total: 4, created: 1, updated: 1, skipped: 0 })
    expect(dry.body.errors).toEqual([
      { line: 3, field: 'email', message: expect.any(String) },
      { line: 4, field: 'email', message: 'appears twice in the file' },
    ])
    expect(await server.db('newsletter_subscribers').where({ email: 'ada@example.com' }).first()).toBeUndefined()
    const real = await server.admin.request('POST', `/api/admin/subscribers/import?consent=${consent}`, { body: csv, type: 'text/csv' })
    expect(real.body).toMatchObject({ dryRun: false, created: 1, updated: 1 })
    expect(await server.db('newsletter_subscribers').where({ email: 'ada@example.com' }).first()).toMatchObject({
      status: 'subscribed',
      source: 'Import',
      consent: 'Opted in on the 2026 conference badge scan form',
    })
    const noEmail = await server.admin.request('POST', `/api/admin/subscribers/import?consent=${consent}`, { body: 'name\nx\n', type: 'text/csv' })
    expect(noEmail.status).toBe(400)
    expect(noEmail.body.message).toMatch(/no "email" column/)
  })

  it('applies listmonk bounce rules: soft bounces count up, a hard bounce or complaint blocklists (manual and webhook)', async () => {
    const s = await addSubscriber('bouncy@example.com')
    const soft = await server.admin.post(`/api/admin/subscribers/${s.id}/bounces`, { type: 'soft', note: 'mailbox full' })
    expect(soft.body).toMatchObject({ action: 'counted', softBounces: 1, subscriber: { status: 'subscribed', soft_bounces: 1 } })
    await server.admin.post(`/api/admin/subscribers/${s.id}/bounces`, { type: 'soft' })
    expect((await server.admin.get(`/api/admin/subscribers/${s.id}`)).body).toMatchObject({ status: 'subscribed', soft_bounces: 2 })
    expect((await server.admin.post(`/api/admin/subscribers/${s.id}/bounces`, { type: 'bogus' })).status).toBe(400)
    const hard = await server.admin.post(`/api/admin/subscribers/${s.id}/bounces`, { type: 'hard' })
    expect(hard.body).toMatchObject({
      action: 'blocklisted',
      subscriber: { status: 'blocklisted', blocklist_reason: 'Hard bounce', lists: [{ status: 'unsubscribed' }] },
    })

    const c = await addSubscriber('complainer@example.com')
    const noToken = await request(server.base, 'POST', '/api/newsletter/webhooks/bounce', { json: { email: 'complainer@example.com', type: 'complaint' } })
    expect(noToken.status).toBe(401)
    const wrong = await request(server.base, 'POST', '/api/newsletter/webhooks/bounce', {
      json: { email: 'complainer@example.com', type: 'complaint' },
      headers: { Authorization: 'Bearer nope' },
    })
    expect(wrong.status).toBe(401)
    const badBody = await request(server.base, 'POST', '/api/newsletter/webhooks/bounce', {
      json: { email: 'x', type: 'complaint' },
      headers: { Authorization: `Bearer ${HOOK}` },
    })
    expect(badBody.status).toBe(400)
    const hook = await request(server.base, 'POST', '/api/newsletter/webhooks/bounce', {
      json: { email: 'complainer@example.com', type: 'complaint' },
      headers: { Authorization: `Bearer ${HOOK}` },
    })
    expect(hook.body).toMatchObject({ action: 'blocklisted', subscriberId: c.id })
    expect((await server.admin.get(`/api/admin/subscribers/${c.id}`)).body).toMatchObject({
      status: 'blocklisted',
      blocklist_reason: 'Spam complaint',
      bounces: [{ type: 'complaint', source: 'webhook' }],
    })
  })

  it('links a subscriber to the lead and the contact with the same email, and erases a person', async () => {
    const [leadId] = await insertLeads(server.db, 1, () => ({ email: 'katherine@orbit.example.com', name: 'Katherine Johnson' }))
    const converted = await server.admin.post(`/api/admin/leads/${leadId}/convert`, {})
    expect(converted.status).toBe(200)
    const s = await addSubscriber('Katherine@Orbit.example.com')
    expect((await server.admin.get(`/api/admin/subscribers/${s.id}`)).body).toMatchObject({ lead_id: leadId, contact_id: converted.body.contact.id })
    const erased = await server.admin.delete(`/api/admin/subscribers/${s.id}`)
    expect(erased.body).toEqual({ id: s.id, erased: true })
    expect(await server.db('newsletter_subscribers').where({ id: s.id }).first()).toBeUndefined()
    expect(await server.db('newsletter_subscriptions').where({ subscriber_id: s.id })).toHaveLength(0)
    const log = await server.db('audit_logs').where({ resource: 'subscribers', record_id: s.id, action: 'delete' }).first()
    expect(JSON.stringify(log.changes)).not.toContain('katherine')
  })

  it('lets marketing manage subscribers and campaigns, and keeps sales out', async () => {
    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.get('/api/admin/subscribers')).status).toBe(200)
    expect((await marketing.get('/api/admin/newsletter-campaigns')).status).toBe(200)
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/subscribers')).status).toBe(403)
    expect((await sales.get('/api/admin/subscribers/export.csv')).status).toBe(403)
    expect((await sales.post('/api/admin/newsletter-campaigns', { name: 'x', subject: 'x', body_markdown: 'x' })).status).toBe(403)
  })

  it('sends a campaign once to each confirmed subscriber, tracks opens and clicks, and reports them with the closed loop', async () => {
    const a = server.admin
    const listRes = await a.post('/api/admin/newsletter-lists', { name: 'Clients', description: 'Current clients' })
    expect(listRes.status).toBe(201)
    const emails = ['c1@example.com', 'c2@example.com', 'c3@example.com', 'c4@example.com', 'c5@example.com']
    const ids: number[] = []
    for (const email of emails) ids.push((await addSubscriber(email, { list_ids: [listRes.body.id], tags: ['client'] })).id)
    // One more on the list but unconfirmed: never a recipient.
    await addSubscriber('pending@example.com', { list_ids: [listRes.body.id], send_confirmation: true })
    // The list filter's page and its total (counted from the subscriptions' index, decision 183)
    // agree: the unconfirmed member counts, one who left the list does not.
    const leaver = await addSubscriber('leaver@example.com', { list_ids: [listRes.body.id] })
    expect((await a.put(`/api/admin/subscribers/${leaver.id}`, { list_ids: [] })).status).toBe(200)
    const onList = await a.get(`/api/admin/subscribers?${new URLSearchParams({ filter: JSON.stringify({ list_id: listRes.body.id }), range: '[0,24]' })}`)
    expect(onList.body.map((r: { email: string }) => r.email).sort()).toEqual([...emails, 'pending@example.com'].sort())
    expect(onList.headers.get('content-range')).toMatch(/\/6$/)

    const posts = await a.get('/api/admin/newsletter-campaigns/recent-posts?count=2')
    expect(posts.body.posts).toHaveLength(2)
    expect(posts.body.markdown).toContain(`(/blog/${posts.body.posts[0].slug})`)
    const bad = await a.post('/api/admin/newsletter-campaigns', { name: '', subject: '', body_markdown: '' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['body_markdown', 'name', 'subject'])
    const created = await a.post('/api/admin/newsletter-campaigns', {
      name: 'March 2026 digest',
      subject: 'Three SEO fixes for March',
      preheader: 'What moved rankings',
      body_markdown: `# March\n\nRead [the UTM guide](/blog/utm-naming-conventions).\n\n${posts.body.markdown}`,
      list_id: listRes.body.id,
      segment: { tag: 'client' },
    })
    expect(created.status).toBe(201)
    const c = created.body
    expect(c).toMatchObject({ slug: 'march-2026-digest', status: 'draft', track: true })

    const preview = await a.get(`/api/admin/newsletter-campaigns/${c.id}/preview`)
    expect(preview.body.recipients).toBe(5)
    expect(preview.body.html).toContain(
      'https://www.proofline.example.com/blog/utm-naming-conventions?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=march-2026-digest',
    )
    const test = await a.post(`/api/admin/newsletter-campaigns/${c.id}/test`, {})
    expect(test.body).toMatchObject({ to: 'owner@example.com', messageId: expect.any(String) })
    await waitFor(() => mailsTo('owner@example.com').find((m) => m.header('subject') === '[Test] Three SEO fixes for March'), 'the test email')

    expect((await a.post(`/api/admin/newsletter-campaigns/${c.id}/send`, { at: '2001-01-01T00:00:00Z' })).status).toBe(400)
    const send = await a.post(`/api/admin/newsletter-campaigns/${c.id}/send`, {})
    expect(send.body).toMatchObject({ status: 'scheduled', audience: 5 })
    await waitFor(async () => (await server.db('newsletter_campaigns').where({ id: c.id }).first()).status === 'sent', 'the campaign to finish')
    expect((await a.put(`/api/admin/newsletter-campaigns/${c.id}`, { subject: 'changed' })).status).toBe(409)

    for (const email of emails) expect(mailsTo(email).filter((m) => m.header('subject') === 'Three SEO fixes for March')).toHaveLength(1)
    expect(mailsTo('pending@example.com').filter((m) => m.header('subject') === 'Three SEO fixes for March')).toHaveLength(0)
    const mail = mailsTo('c1@example.com').find((m) => m.header('subject') === 'Three SEO fixes for March')!
    expect(mail.header('list-unsubscribe')).toMatch(
      /^<https:\/\/www\.proofline\.example\.com\/api\/newsletter\/unsubscribe\?email=c1%40example\.com&c=\d+&sig=[\w-]+>$/,
    )
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const sends = await server.db('newsletter_sends').where({ campaign_id: c.id })
    expect(sends).toHaveLength(5)
    expect(sends.every((s) => s.status === 'sent' && s.message_id)).toBe(true)

    const pixel = pathOf(/src="(https:\/\/www\.proofline\.example\.com\/api\/newsletter\/o\/[^"]+)"/.exec(mail.html)![1])
    const click = pathOf(mail.text.match(/https:\/\/www\.proofline\.example\.com\/api\/newsletter\/c\/[^\s)]+/)![0])
    // Right after delivery, an open is a machine's prefetch (and so is Gmail's proxy at any time).
    expect((await request(server.base, 'GET', pixel, { headers: { 'User-Agent': HUMAN_UA } })).headers.get('content-type')).toBe('image/gif')
    await request(server.base, 'GET', pixel, { headers: { 'User-Agent': 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' } })
    // A minute later, a person opens and clicks.
    await server
      .db('newsletter_sends')
      .where({ campaign_id: c.id })
      .update({ sent_at: nowIso(Date.now() - 60_000) })
    await request(server.base, 'GET', pixel, { headers: { 'User-Agent': HUMAN_UA } })
    const redirect = await request(server.base, 'GET', click, { headers: { 'User-Agent': HUMAN_UA } })
    expect(redirect.status, `${click} ${JSON.stringify(redirect.body)}\n${mail.text}`).toBe(302)
    expect(redirect.headers.get('location')).toBe(
      'https://www.proofline.example.com/blog/utm-naming-conventions?utm_source=newsletter&utm_medium=email&utm_campaign=march-2026-digest',
    )
    await request(server.base, 'GET', click, { headers: { 'User-Agent': HUMAN_UA } })
    // Tampered links are refused and count nothing.
    expect(
      (
        await request(
          server.base,
          'GET',
          click.replace(/\/(\d+)\/([\w-]+)$/, (_m, s: string, sig: string) => `/${Number(s) + 1}/${sig}`),
        )
      ).status,
    ).toBe(400)
    expect((await request(server.base, 'GET', pixel.replace(/\w(\.gif)$/, 'A$1'))).status).toBe(400)
    // The campaign's unsubscribe link counts for the campaign.
    const unsubscribe = pathOf(mail.header('list-unsubscribe').slice(1, -1))
    expect((await request(server.base, 'POST', unsubscribe, { body: 'List-Unsubscribe=One-Click', type: 'application/x-www-form-urlencoded' })).status).toBe(
      200,
    )
    // A bounce reported with the send's message id counts for the campaign.
    const c2send = sends.find((s) => Number(s.subscriber_id) === ids[1])!
    await request(server.base, 'POST', '/api/newsletter/webhooks/bounce', {
      json: { email: 'c2@example.com', type: 'hard', messageId: c2send.message_id },
      headers: { Authorization: `Bearer ${HOOK}` },
    })

    // The closed loop: a session and a lead with utm_campaign=<slug>, converted to a won deal.
    await request(server.base, 'POST', '/api/events', {
      json: {
        events: [
          {
            type: 'page_view',
            path: '/blog/utm-naming-conventions?utm_source=newsletter&utm_medium=email&utm_campaign=march-2026-digest',
            visitorId: 'visitor-1234',
            sessionId: 'session-1234',
            at: Date.now(),
          },
        ],
      },
    })
    const [leadId] = await insertLeads(server.db, 1, () => ({ email: 'buyer@example.com', utm_campaign: 'march-2026-digest', utm_medium: 'email' }))
    const deal = await a.post(`/api/admin/leads/${leadId}/convert`, { deal: { name: 'Buyer SEO', amount: 9000, stage: 'won' } })
    expect(deal.status).toBe(200)

    const report = (await a.get(`/api/admin/newsletter-campaigns/${c.id}/report`)).body
    expect(report).toMatchObject({
      recipients: 5,
      sent: 5,
      bounced: 1,
      delivered: 4,
      opensHuman: 1,
      opensMachine: 2,
      uniqueOpensHuman: 1,
      clicks: 2,
      uniqueClicks: 1,
      ctr: 0.25,
      clickToOpen: 1,
      unsubscribes: 1,
      complaints: 0,
      closedLoop: { sessions: 1, leads: 1, deals: 1, wonDeals: 1, wonValue: 9000 },
    })
    expect(report.links[0]).toMatchObject({ url: '/blog/utm-naming-conventions', clicks: 2, uniqueClicks: 1 })
    const events = await server.db('newsletter_events').where({ campaign_id: c.id, type: 'open' }).orderBy('id')
    expect(events.map((e) => [Boolean(e.machine), e.reason])).toEqual([
      [true, 'too-fast'],
      [true, 'gmail-proxy'],
      [false, ''],
    ])
    expect((await a.get(`/api/admin/subscribers/${ids[0]}`)).body).toMatchObject({
      campaigns_received: 1,
      campaigns_opened: 1,
      campaigns_clicked: 1,
      campaigns: [{ id: c.id, status: 'sent' }],
    })
  })

  it('with tracking off keeps aggregate counts only', async () => {
    const a = server.admin
    await addSubscriber('private@example.com', { tags: ['private'] })
    const c = (
      await a.post('/api/admin/newsletter-campaigns', {
        name: 'Untracked',
        subject: 'No tracking here',
        body_markdown: '[Our services](/services)',
        segment: { tag: 'private' },
        track: false,
      })
    ).body
    expect((await a.post(`/api/admin/newsletter-campaigns/${c.id}/send`, {})).status).toBe(200)
    const mail = await waitFor(() => mailsTo('private@example.com').find((m) => m.header('subject') === 'No tracking here'), 'the untracked email')
    const click = mail.text.match(/https:\/\/www\.proofline\.example\.com\/api\/newsletter\/c\/[^\s)]+/)![0]
    expect(click).toMatch(/\/c\/\d+\/0\/0\/[\w-]+$/)
    const pixel = /src="(https:\/\/www\.proofline\.example\.com\/api\/newsletter\/o\/[^"]+)"/.exec(mail.html)![1]
    expect(pixel).toMatch(/\/o\/\d+\/0\/[\w-]+\.gif$/)
    await request(server.base, 'GET', pathOf(pixel), { headers: { 'User-Agent': HUMAN_UA } })
    expect((await request(server.base, 'GET', pathOf(click), { headers: { 'User-Agent': HUMAN_UA } })).headers.get('location')).toContain(
      'utm_campaign=untracked',
    )
    const report = (await a.get(`/api/admin/newsletter-campaigns/${c.id}/report`)).body
    expect(report).toMatchObject({ track: false, opensHuman: 1, clicks: 1, uniqueClicks: 0, uniqueOpensHuman: 0 })
    expect(await server.db('newsletter_events').where({ campaign_id: c.id })).toHaveLength(0)
  })

  it('refuses to send an empty audience and cancels a scheduled campaign back to draft', async () => {
    const a = server.admin
    const c = (await a.post('/api/admin/newsletter-campaigns', { name: 'Nobody', subject: 'Nobody', body_markdown: 'x', segment: { tag: 'no-such-tag' } })).body
    const empty = await a.post(`/api/admin/newsletter-campaigns/${c.id}/send`, {})
    expect(empty.status).toBe(400)
    expect(empty.body.message).toMatch(/No confirmed subscriber matches/)
    await a.put(`/api/admin/newsletter-campaigns/${c.id}`, { segment: null })
    const later = new Date(Date.now() + 86_400_000).toISOString()
    expect((await a.post(`/api/admin/newsletter-campaigns/${c.id}/send`, { at: later })).body).toMatchObject({ status: 'scheduled' })
    expect((await a.post(`/api/admin/newsletter-campaigns/${c.id}/cancel`, {})).body).toMatchObject({ status: 'draft', scheduled_at: null })
    const log = await server.db('audit_logs').where({ resource: 'newsletter-campaigns', record_id: c.id })
    expect(log.length).toBeGreaterThanOrEqual(4)
  })

  it('reports list growth by source, net growth and churn per day, with a CSV', async () => {
    const a = server.admin
    const today = new Date().toISOString().slice(0, 10)
    const g = (await a.get('/api/admin/subscribers/growth?days=7')).body
    expect(g.days).toHaveLength(7)
    const day = g.days.at(-1)
    expect(day.date).toBe(today)
    const created = await server.db('newsletter_subscribers').where('source', 'Admin').count({ n: '*' })
    expect(day.signups.Admin).toBe(Number(created[0].n))
    expect(day.signups.Import).toBe(1)
    const unsubscribed = Number((await server.db('newsletter_subscribers').where({ status: 'unsubscribed' }).count({ n: '*' }))[0].n)
    const blocked = Number((await server.db('newsletter_bounces').whereIn('type', ['hard', 'complaint']).whereNotNull('subscriber_id').count({ n: '*' }))[0].n)
    expect(day.lost).toBe(unsubscribed + blocked)
    expect(day.net).toBe(day.gained - day.lost)
    expect(g.totals.activeAtStart).toBe(0)
    expect(day.churn).toBeNull()
    expect((await a.get('/api/admin/subscribers/growth?days=0')).status).toBe(400)
    const csv = await a.get('/api/admin/subscribers/growth?days=7&format=csv')
    expect(String(csv.body)).toContain('date,signups: Admin,signups: Import,gained,lost,net,subscribers,churn')
  })
})
