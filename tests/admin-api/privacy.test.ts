// The privacy screen's API (issue 13, decision 127): what is held about an email, its export, and
// its erasure in one transaction. After erasure nothing in any table holds the email or the
// person's browser id; the deal keeps its amount; the audit log has the erasure with a hash of
// the address; another person's data is untouched. Admins only.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailDigest } from '../../server/privacy/person.ts'
import { databases, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'
import { postJson, samples } from '../api/helpers.ts'

const UA_A = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const UA_B = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'

/** Every row of every table of the database, as one string. */
async function everything(server: AdminServer): Promise<string> {
  const tables: string[] =
    server.db.client.config.client === 'pg'
      ? (await server.db.raw(`select tablename from pg_tables where schemaname = current_schema()`)).rows.map((r: { tablename: string }) => r.tablename)
      : (await server.db.raw(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_search%'`)).map(
          (r: { name: string }) => r.name,
        )
  let out = ''
  for (const t of tables) out += `\n${t}: ${JSON.stringify(await server.db(t).select())}`
  return out
}

describe.each(databases)('privacy: export and erasure by email ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** A person who visited with UTM, became a lead, kept browsing, saved an ROI calculation, subscribed, and became a contact on a deal. */
  async function person(email: string, ua: string) {
    const browser = `browser-${crypto.randomUUID()}`
    const send = (events: unknown[]) => postJson(server.base, '/api/events', { events }, { 'User-Agent': ua })
    expect((await send([samples.event({ visitorId: browser, path: '/seo-services?utm_source=google&utm_medium=cpc&utm_campaign=brand' })])).status).toBe(202)
    const lead = await postJson(server.base, '/api/leads', samples.lead({ email }), { 'User-Agent': ua })
    expect(lead.status).toBe(201)
    await send([samples.event({ visitorId: browser, type: 'form_submit', path: '/seo-services', name: 'lead' })])
    expect((await postJson(server.base, '/api/roi-calculation', samples.roi(), { 'User-Agent': ua })).status).toBe(201)
    await server.db('newsletter_subscribers').insert({ email, status: 'subscribed', source: 'Footer' })
    const [contact] = await server
      .db('contacts')
      .insert({
        first_name: 'Ada',
        last_name: 'Lovelace',
        emails: JSON.stringify([{ email, type: 'Work' }]),
        phones: '[]',
        tags: '[]',
        lead_id: lead.body.id,
      })
      .returning('id')
    const contactId = Number(typeof contact === 'object' ? contact.id : contact)
    await server.db('activities').insert({ type: 'call', subject: `Called ${email}`, contact_id: contactId })
    return { browser, leadId: Number(lead.body.id), contactId }
  }

  it('shows what is held, exports it, and erases it all in one go (audited, others untouched)', async () => {
    const email = `erase-me-${crypto.randomUUID().slice(0, 8)}@example.com`
    const other = `keep-me-${crypto.randomUUID().slice(0, 8)}@example.com`
    const a = await person(email, UA_A)
    const b = await person(other, UA_B)
    const [dealRow] = await server
      .db('deals')
      .insert({ name: 'Shared deal', contact_ids: JSON.stringify([a.contactId, b.contactId]), stage: 'won', amount: 12500 })
      .returning('id')
    const dealId = Number(typeof dealRow === 'object' ? dealRow.id : dealRow)

    const shown = await server.admin.get(`/api/admin/privacy/person?email=${encodeURIComponent(email.toUpperCase())}`)
    expect(shown.status).toBe(200)
    expect(shown.body.counts).toMatchObject({ leads: 1, contacts: 1, activities: 1, deals: 1, subscribers: 1, roiCalculations: 1 })
    expect(shown.body.counts.events).toBeGreaterThanOrEqual(2)
    expect(shown.body.counts.sessions).toBeGreaterThanOrEqual(1)
    expect(shown.body.records.visitorIds).toContain(a.browser)

    const exported = await server.admin.get(`/api/admin/privacy/export.json?email=${encodeURIComponent(email)}`)
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-disposition')).toContain('attachment')
    expect(exported.body.leads[0].email).toBe(email)
    expect(exported.body.events.some((e: { path: string }) => e.path === '/seo-services')).toBe(true)
    const csv = await server.admin.get(`/api/admin/privacy/export.csv?email=${encodeURIComponent(email)}`)
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain(`leads,${a.leadId},email,${email}`)

    // Marketing and sales may not; a wrong confirmation is refused with a field message.
    for (const role of ['marketing', 'sales'] as const) {
      const staff = await userWithRole(server, role)
      expect((await staff.get(`/api/admin/privacy/person?email=${email}`)).status).toBe(403)
      expect((await staff.post('/api/admin/privacy/erase', { email, confirmEmail: email })).status).toBe(403)
    }
    const wrong = await server.admin.post('/api/admin/privacy/erase', { email, confirmEmail: other })
    expect(wrong.status).toBe(400)
    expect(JSON.stringify(wrong.body)).toContain('confirmEmail')
    expect((await server.admin.post('/api/admin/privacy/erase', { email: 'not an email', confirmEmail: 'not an email' })).status).toBe(400)

    const erased = await server.admin.post('/api/admin/privacy/erase', { email, confirmEmail: email })
    expect(erased.status).toBe(200)
    expect(erased.body.erased).toMatchObject({ leads: 1, contacts: 1, subscribers: 1, deals: 1 })

    const all = await everything(server)
    expect(all).not.toContain(email)
    expect(all).not.toContain(a.browser)
    expect(await server.db('events').where({ lead_id: a.leadId }).count({ n: '*' }).first()).toMatchObject({ n: expect.anything() })
    expect(Number((await server.db('events').where({ lead_id: a.leadId }).count({ n: '*' }).first())!.n)).toBe(0)
    expect(Number((await server.db('analytics_sessions').where({ lead_id: a.leadId }).count({ n: '*' }).first())!.n)).toBe(0)

    // The deal keeps its amount and the other contact; the other person is untouched.
    const deal = await server.db('deals').where({ id: dealId }).first()
    expect(Number(deal.amount)).toBe(12500)
    expect(JSON.parse(typeof deal.contact_ids === 'string' ? deal.contact_ids : JSON.stringify(deal.contact_ids))).toEqual([b.contactId])
    expect(all).toContain(other)
    expect(all).toContain(b.browser)
    const kept = await server.admin.get(`/api/admin/privacy/person?email=${encodeURIComponent(other)}`)
    expect(kept.body.counts).toMatchObject({ leads: 1, contacts: 1, subscribers: 1, roiCalculations: 1 })
    expect(kept.body.counts.events).toBeGreaterThanOrEqual(2)

    // The audit log has the erasure and the export, with a keyed hash of the address only.
    const entries = await server.db('audit_logs').whereIn('resource', ['privacy', 'privacy-export']).select()
    const erasure = entries.find((e) => e.resource === 'privacy')
    expect(erasure).toBeTruthy()
    expect(JSON.stringify(erasure.changes)).toContain(emailDigest(email, server.env.APP_SECRET))
    expect(entries.filter((e) => e.resource === 'privacy-export')).toHaveLength(2)

    // Looking the address up again finds nothing.
    const after = await server.admin.get(`/api/admin/privacy/person?email=${encodeURIComponent(email)}`)
    expect(Object.values(after.body.counts).every((n) => n === 0)).toBe(true)
  })
})
