// /admin/social-media over HTTP (issue 15): variants checked against each network's limits, every
// network provider "not connected", scheduling through the job runner at the due time, the manual
// provider's pack and "posted" only with the post's URL, approvals, the short link with UTM
// feeding the analytics sessions, and the post's results (closed loop). SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../api/mimeMessage.ts'
import { request } from '../api/helpers.ts'
import { databases, insertLeads, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

// A GIF's magic bytes (ASCII, so the test helper's text body keeps them) are what the type check reads.
const GIF = `GIF89a${'a'.repeat(2000)}`

describe.each(databases)('social media admin ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target, { JOBS_POLL_MS: '100', SITE_URL: 'https://www.proofline.example.com' })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('schedules a post, prepares the manual pack at the due time, and marks it posted only with a URL', async () => {
    const a = server.admin
    const li = await a.post('/api/admin/social-accounts', { network: 'linkedin', name: 'Proofline Digital', slots: [{ day: 1, time: '09:00' }] })
    expect(li.status, JSON.stringify(li.body)).toBe(201)
    const x = await a.post('/api/admin/social-accounts', { network: 'x', name: '@proofline' })
    expect(x.status).toBe(201)
    const providers = (await a.get('/api/admin/social-media/providers')).body
    expect(providers.networks.map((n: { state: string }) => n.state)).toEqual(Array(5).fill('not-connected'))
    expect(providers.accounts[0].message).toMatch(/Not connected/)

    // X refuses 300 characters: a 422 naming the variant; LinkedIn takes them.
    const tooLong = await a.post('/api/admin/social-media', {
      title: 'Audit launch',
      text: 'a'.repeat(300),
      variants: [{ account_id: li.body.id }, { account_id: x.body.id }],
    })
    expect(tooLong.status).toBe(422)
    expect(tooLong.body.errors).toEqual({ 'variants.1.text': expect.stringMatching(/^X takes at most 280 characters/) })

    // An image: type checked by its bytes, then alt text required.
    const notImage = await a.request('POST', '/api/admin/social-media/images', { body: 'hello', type: 'image/png' })
    expect(notImage.status).toBe(415)
    const img = await a.request('POST', '/api/admin/social-media/images', { body: GIF, type: 'image/gif' })
    expect(img.status, JSON.stringify(img.body)).toBe(201)
    const noAlt = await a.post('/api/admin/social-media', {
      title: 'Audit launch',
      text: 'Our SEO audit is out: {link}',
      link_url: '/services/seo-audit',
      image_id: img.body.id,
      variants: [{ account_id: li.body.id }],
    })
    expect(noAlt.status).toBe(422)
    expect(noAlt.body.errors.image_alt).toMatch(/alt text/)

    const created = await a.post('/api/admin/social-media', {
      title: 'Audit launch',
      text: 'Our SEO audit is out: {link}',
      link_url: '/services/seo-audit',
      image_id: img.body.id,
      image_alt: 'The audit report cover',
      first_comment: 'Questions? Ask below.',
      variants: [{ account_id: li.body.id }, { account_id: x.body.id, text: 'SEO audit, out now: {link}' }],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.id
    expect(created.body.status).toBe('draft')

    // Scheduled 1.5 s ahead: the job runner makes it due then, not before.
    const at = new Date(Date.now() + 1500).toISOString()
    const scheduled = await a.post(`/api/admin/social-media/${id}/schedule`, { at })
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
    expect(scheduled.body.status).toBe('scheduled')
    expect((await a.get(`/api/admin/social-media/${id}`)).body.status).toBe('scheduled')
    const due = await waitFor(async () => {
      const p = (await a.get(`/api/admin/social-media/${id}`)).body
      return p.status === 'due' ? p : null
    }, 'the post to be due')
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(at).getTime())
    const [vLi, vX] = due.variants
    expect(vLi.pack).toMatchObject({
      network: 'linkedin',
      text: `Our SEO audit is out: https://www.proofline.example.com/s/${vLi.short_code}`,
      firstComment: 'Questions? Ask below.',
      image: { url: `/api/admin/social-media/images/${img.body.id}`, alt: 'The audit report cover' },
    })
    expect(vX.pack.text).toBe(`SEO audit, out now: https://www.proofline.example.com/s/${vX.short_code}`)
    expect(due.log.some((l: { message: string }) => /Not connected/.test(l.message))).toBe(true)

    // "Posted" needs the post's https URL.
    const noUrl = await a.post(`/api/admin/social-media/${id}/posted`, { variant_id: vLi.id, url: 'not a url' })
    expect(noUrl.status).toBe(400)
    expect((await a.get(`/api/admin/social-media/${id}`)).body.variants[0].status).toBe('due')
    const posted = await a.post(`/api/admin/social-media/${id}/posted`, { variant_id: vLi.id, url: 'https://www.linkedin.com/feed/update/urn:li:activity:1' })
    expect(posted.status).toBe(200)
    expect(posted.body.status).toBe('due')
    const failed = await a.post(`/api/admin/social-media/${id}/failed`, { variant_id: vX.id, reason: 'The account was locked' })
    expect(failed.body.status).toBe('failed')
    const log = (await a.get(`/api/admin/social-accounts/${x.body.id}/log`)).body
    expect(log.state).toBe('not-connected')
    expect(log.log[0]).toMatchObject({ level: 'error', message: 'Post "Audit launch" failed: The account was locked' })
    const done = await a.post(`/api/admin/social-media/${id}/posted`, { variant_id: vX.id, url: 'https://x.com/proofline/status/1' })
    expect(done.body.status).toBe('posted')
    expect(done.body.variants.map((v: { posted_url: string }) => v.posted_url)).toEqual([
      'https://www.linkedin.com/feed/update/urn:li:activity:1',
      'https://x.com/proofline/status/1',
    ])

    // The short link: 302 with UTM, the click counted; the session and a lead feed the results.
    const click = await request(server.base, 'GET', `/s/${vLi.short_code}`)
    expect(click.status).toBe(302)
    const location = new URL(click.headers.get('location')!)
    expect(location.pathname).toBe('/services/seo-audit')
    expect(Object.fromEntries(location.searchParams)).toEqual({ utm_source: 'linkedin', utm_medium: 'social', utm_campaign: `social-${id}` })
    expect((await request(server.base, 'GET', '/s/nosuchcode')).status).toBe(404)
    await request(server.base, 'POST', '/api/events', {
      json: {
        events: [{ type: 'page_view', path: `${location.pathname}${location.search}`, visitorId: 'visitor-5678', sessionId: 'session-5678', at: Date.now() }],
      },
    })
    const [leadId] = await insertLeads(server.db, 1, () => ({ email: 'social-buyer@example.com', utm_campaign: `social-${id}`, utm_medium: 'social' }))
    await a.post(`/api/admin/leads/${leadId}/convert`, { deal: { name: 'Social buyer', amount: 4000, stage: 'won' } })
    const results = await waitFor(async () => {
      const p = (await a.get(`/api/admin/social-media/${id}`)).body
      return p.results.sessions === 1 ? p : null
    }, 'the session from the short link')
    expect(results.clicks).toBe(1)
    expect(results.results).toEqual({ sessions: 1, leads: 1, deals: 1, wonDeals: 1, wonValue: 4000 })

    // Every write is in the audit log.
    const audits = await server.db('audit_logs').where({ resource: 'social-media', record_id: id })
    expect(audits.length).toBeGreaterThanOrEqual(5)
  })

  it('makes a marketing post wait for an admin when approvals are on, and repeats a recurring post', async () => {
    const a = server.admin
    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.put('/api/admin/social-media/settings', { approvalRequired: true })).status).toBe(403)
    expect((await a.put('/api/admin/social-media/settings', { approvalRequired: true })).body.approvalRequired).toBe(true)
    const fb = await a.post('/api/admin/social-accounts', { network: 'facebook', name: 'Proofline page' })
    const post = await marketing.post('/api/admin/social-media', {
      title: 'Weekly tip',
      text: 'Tip of the week',
      recurrence: 'weekly',
      variants: [{ account_id: fb.body.id }],
    })
    expect(post.status).toBe(201)
    const at = new Date(Date.now() + 1000).toISOString()
    const asked = await marketing.post(`/api/admin/social-media/${post.body.id}/schedule`, { at })
    expect(asked.body.status).toBe('pending_approval')
    expect((await marketing.post(`/api/admin/social-media/${post.body.id}/approve`)).status).toBe(403)
    const approved = await a.post(`/api/admin/social-media/${post.body.id}/approve`)
    expect(approved.body.status).toBe('scheduled')
    await waitFor(async () => ((await a.get(`/api/admin/social-media/${post.body.id}`)).body.status === 'due' ? true : null), 'the approved post to be due')
    const next = await server.db('social_posts').where({ recurs_from: post.body.id }).first()
    expect(next.status).toBe('scheduled')
    expect(new Date(next.scheduled_at).getTime() - new Date(at).getTime()).toBe(7 * 86_400_000)
    const list = await a.get('/api/admin/social-media?filter=' + encodeURIComponent(JSON.stringify({ status: 'scheduled' })))
    expect(list.body.map((p: { id: number }) => p.id)).toContain(Number(next.id))
    await a.put('/api/admin/social-media/settings', { approvalRequired: false })
  })

  it("shows an account's queue: its slots in time order, the posts filling them, and 'share next' into the next free slot", async () => {
    const a = server.admin
    // Slots every day at 06:00 and 18:00 UTC, given out of order and with a duplicate: stored sorted, once each.
    const every = [0, 1, 2, 3, 4, 5, 6]
    const acct = await a.post('/api/admin/social-accounts', {
      network: 'linkedin',
      name: 'Proofline queue',
      slots: [...every.map((day) => ({ day, time: '18:00' })), ...every.map((day) => ({ day, time: '06:00' })), { day: 1, time: '06:00' }],
    })
    expect(acct.status, JSON.stringify(acct.body)).toBe(201)
    const accountId = acct.body.id
    expect(acct.body.slots).toHaveLength(14)
    expect(acct.body.slots.slice(0, 2)).toEqual([
      { day: 0, time: '06:00' },
      { day: 0, time: '18:00' },
    ])
    const bad = await a.put(`/api/admin/social-accounts/${accountId}`, { slots: [{ day: 1, time: '25:00' }] })
    expect(bad.status).toBe(400)
    expect(bad.body.errors['slots.0.time']).toMatch(/24-hour time/)

    const slotTimesAhead: number[] = []
    for (let t = Date.now(), d = 0; slotTimesAhead.length < 4; d++) {
      const day = new Date(t + d * 86_400_000)
      for (const h of [6, 18]) {
        const at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h)
        if (at > t && slotTimesAhead.length < 4) slotTimesAhead.push(at)
      }
    }
    const iso = (t: number) => new Date(t).toISOString()
    const make = async (title: string) => {
      const r = await a.post('/api/admin/social-media', { title, text: `${title}: five fixes for landing pages.`, variants: [{ account_id: accountId }] })
      expect(r.status, JSON.stringify(r.body)).toBe(201)
      return Number(r.body.id)
    }
    const first = await make('Queue one')
    const second = await make('Queue two')
    const later = await make('Queue later')
    // "Share next" twice: the first two free slots, in order.
    const s1 = await a.post(`/api/admin/social-media/${first}/schedule`, { account_id: accountId })
    expect(s1.status, JSON.stringify(s1.body)).toBe(200)
    expect(s1.body.scheduled_at).toBe(iso(slotTimesAhead[0]))
    expect((await a.post(`/api/admin/social-media/${second}/schedule`, { account_id: accountId })).body.scheduled_at).toBe(iso(slotTimesAhead[1]))
    // A post at a time of its own (off the slots), ten days ahead.
    const offSlot = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 10, 12, 30)
    expect((await a.post(`/api/admin/social-media/${later}/schedule`, { at: iso(offSlot) })).body.scheduled_at).toBe(iso(offSlot))

    const queue = await a.get(`/api/admin/social-accounts/${accountId}/queue?days=14`)
    expect(queue.status).toBe(200)
    expect(queue.body.slots).toHaveLength(14)
    expect(queue.body.next_free).toBe(iso(slotTimesAhead[2]))
    const entries = queue.body.entries as Array<{ at: string; slot: boolean; post: { id: number; title: string } | null }>
    expect(entries.slice(0, 3).map((e) => [e.at, e.slot, e.post?.title ?? null])).toEqual([
      [iso(slotTimesAhead[0]), true, 'Queue one'],
      [iso(slotTimesAhead[1]), true, 'Queue two'],
      [iso(slotTimesAhead[2]), true, null],
    ])
    expect(entries.find((e) => e.post?.id === later)).toEqual({ at: iso(offSlot), slot: false, post: expect.objectContaining({ title: 'Queue later' }) })
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort())
    expect(queue.body.drafts).toEqual([])

    // "Share next" on the later post moves it into the next free slot; the move is audited.
    const moved = await a.post(`/api/admin/social-media/${later}/schedule`, { account_id: accountId })
    expect(moved.body.scheduled_at).toBe(iso(slotTimesAhead[2]))
    const audits = await server.db('audit_logs').where({ resource: 'social-media', record_id: later, action: 'update' })
    expect(audits).toHaveLength(2)
    // Back to draft: the draft is offered, and its slot is free again.
    await a.post(`/api/admin/social-media/${first}/unschedule`)
    const after = (await a.get(`/api/admin/social-accounts/${accountId}/queue`)).body
    expect(after.next_free).toBe(iso(slotTimesAhead[0]))
    expect(after.drafts.map((d: { id: number }) => d.id)).toEqual([first])
    expect(after.entries[0]).toEqual({ at: iso(slotTimesAhead[0]), slot: true, post: null })

    // An account the post does not go to, an account without slots, a bad range.
    const other = await a.post('/api/admin/social-accounts', { network: 'x', name: '@proofline_queue' })
    // The compose form's account picker searches as you type.
    const found = await a.get(`/api/admin/social-accounts?filter=${encodeURIComponent(JSON.stringify({ q: 'PROOFLINE_Q' }))}`)
    expect(found.status).toBe(200)
    expect(found.body.map((r: { name: string }) => r.name)).toEqual(['@proofline_queue'])
    const wrong = await a.post(`/api/admin/social-media/${first}/schedule`, { account_id: other.body.id })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.account_id).toMatch(/does not go to that account/)
    const noSlots = await a.post('/api/admin/social-media', { title: 'No slots', text: 'Checklist', variants: [{ account_id: other.body.id }] })
    const none = await a.post(`/api/admin/social-media/${noSlots.body.id}/schedule`, {})
    expect(none.status).toBe(400)
    expect(none.body.message).toMatch(/@proofline_queue has no free time slot/)
    expect((await a.get(`/api/admin/social-accounts/${accountId}/queue?days=0`)).status).toBe(400)
    expect((await a.get('/api/admin/social-accounts/999999/queue')).status).toBe(404)

    // Slots changed through the account: stored and audited.
    const changed = await a.put(`/api/admin/social-accounts/${accountId}`, { slots: [{ day: 3, time: '09:30' }] })
    expect(changed.status).toBe(200)
    expect(changed.body.slots).toEqual([{ day: 3, time: '09:30' }])
    const accountAudit = await server.db('audit_logs').where({ resource: 'social-accounts', record_id: accountId, action: 'update' })
    expect(accountAudit).toHaveLength(1)
  })
})
