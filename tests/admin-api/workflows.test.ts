// Leads (spam, workflow, convert, export), CRM (move, import, merge, my tasks), users and the
// dashboard, against the running server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPostgres } from '../../server/db/knex.ts'
import { nowIso } from '../../server/db/rows.ts'
import { AdminSession, databases, insertLeads, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v))

describe.each(databases)('admin workflows ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('lists leads with source/campaign/status/owner/date/q filters and hides spam by default', async () => {
    const a = server.admin
    const day = (d: number) => nowIso(Date.UTC(2026, 0, d, 12))
    const ids = await insertLeads(server.db, 4, (i) => ({
      source: 'Filter Src',
      campaign: i < 2 ? 'Alpha' : 'Beta',
      created_at: day(i + 1),
      name: i === 3 ? 'Zanzibar Quokka' : `Filter ${i}`,
      is_spam: i === 2,
      owner_id: i === 1 ? a.user.id : null,
    }))
    const list = async (filter: Record<string, unknown>) =>
      (await a.get(`/api/admin/leads?sort=["id","ASC"]&filter=${enc({ source: 'Filter Src', ...filter })}`)).body.map((l: { id: number }) => l.id)
    expect(await list({})).toEqual([ids[0], ids[1], ids[3]])
    expect(await list({ include_spam: true })).toEqual(ids)
    expect(await list({ is_spam: true })).toEqual([ids[2]])
    expect(await list({ campaign: 'Alpha' })).toEqual([ids[0], ids[1]])
    expect(await list({ owner_id: 'me' })).toEqual([ids[1]])
    expect(await list({ created_at_gte: '2026-01-02', created_at_lte: '2026-01-04' })).toEqual([ids[1], ids[3]])
    expect(await list({ q: 'zanzi quok' })).toEqual([ids[3]])
    expect(await list({ status: 'new' })).toEqual([ids[0], ids[1], ids[3]])
    // Show returns every field of the submission, attribution included, and spam too.
    const shown = (await a.get(`/api/admin/leads/${ids[2]}`)).body
    for (const field of [
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'referrer',
      'landing_page',
      'first_touch',
      'last_touch',
      'gclid',
      'details',
      'message',
      'is_spam',
    ])
      expect(shown).toHaveProperty(field)
    expect(shown.is_spam).toBe(true)
    expect(shown).not.toHaveProperty('payload_hash')
  })

  it('enforces the status workflow and lets staff set owner and notes', async () => {
    const a = server.admin
    const [id] = await insertLeads(server.db, 1)
    const put = (data: unknown) => a.put(`/api/admin/leads/${id}`, data)
    expect((await put({ status: 'contacted', owner_id: a.user.id, notes: 'Called, left voicemail.' })).body).toMatchObject({
      status: 'contacted',
      owner_id: a.user.id,
      notes: 'Called, left voicemail.',
    })
    const back = await put({ status: 'new' })
    expect(back.status).toBe(400)
    expect(back.body.errors.status).toMatch(/contacted lead cannot become new/)
    expect((await put({ status: 'qualified' })).body.status).toBe('qualified')
    expect((await put({ status: 'converted' })).body.status).toBe('converted')
    const reopen = await put({ status: 'new' })
    expect(reopen.status).toBe(400)
    // The submission itself is read-only: unknown fields are ignored.
    expect((await put({ email: 'changed@example.com' })).body.email).not.toBe('changed@example.com')
  })

  it('converts a lead into contact + company + deal in one transaction', async () => {
    const a = server.admin
    const [id] = await insertLeads(server.db, 1, () => ({
      name: 'Katherine Johnson',
      email: 'kj@orbit.example.com',
      company: 'Orbit Mortgage',
      phone: '(512) 555-0142',
      message: 'Need SEO',
    }))
    const r = await a.post(`/api/admin/leads/${id}/convert`, { deal: { name: 'Orbit SEO', amount: 12000, stage: 'qualified' } })
    expect(r.status).toBe(200)
    expect(r.body.company).toMatchObject({ name: 'Orbit Mortgage' })
    expect(r.body.contact).toMatchObject({
      first_name: 'Katherine',
      last_name: 'Johnson',
      emails: [{ email: 'kj@orbit.example.com', type: 'work' }],
      phones: [{ number: '(512) 555-0142', type: 'work' }],
      company_id: r.body.company.id,
      lead_id: id,
      status: 'warm',
    })
    expect(r.body.deal).toMatchObject({ name: 'Orbit SEO', amount: 12000, stage: 'qualified', company_id: r.body.company.id, contact_ids: [r.body.contact.id] })
    expect((await a.get(`/api/admin/leads/${id}`)).body.status).toBe('converted')
    expect((await a.post(`/api/admin/leads/${id}/convert`, {})).status).toBe(400)
    // A second lead from the same company reuses it; no deal when none is asked for.
    const [id2] = await insertLeads(server.db, 1, () => ({ name: 'Dorothy Vaughan', company: 'orbit mortgage' }))
    const r2 = await a.post(`/api/admin/leads/${id2}/convert`, {})
    expect(r2.body.company.id).toBe(r.body.company.id)
    expect(r2.body.deal).toBeNull()
    // The contact profile finds the lead it came from.
    expect((await a.get(`/api/admin/contacts?filter=${enc({ lead_id: id })}`)).body.map((c: { id: number }) => c.id)).toEqual([r.body.contact.id])
  })

  it('writes nothing when the convert transaction fails', async () => {
    const a = server.admin
    const [id] = await insertLeads(server.db, 1, () => ({ name: 'Mary Jackson', company: 'Rollback Wind Tunnels' }))
    const count = async (table: string) => Number((await server.db(table).count({ n: '*' }))[0].n)
    const before = { contacts: await count('contacts'), companies: await count('companies'), deals: await count('deals'), audit: await count('audit_logs') }
    // A real failure inside the transaction: the deals insert is refused by the database.
    if (isPostgres(server.db)) {
      await server.db.raw(`create function refuse_deals() returns trigger language plpgsql as $$ begin raise exception 'deals refused'; end $$`)
      await server.db.raw('create trigger refuse_deals before insert on deals for each row execute function refuse_deals()')
    } else await server.db.raw(`create trigger refuse_deals before insert on deals begin select raise(abort, 'deals refused'); end`)
    try {
      const r = await a.post(`/api/admin/leads/${id}/convert`, { deal: { name: 'Doomed' } })
      expect(r.status).toBe(500)
    } finally {
      await server.db.raw('drop trigger if exists refuse_deals' + (isPostgres(server.db) ? ' on deals' : ''))
    }
    expect({ contacts: await count('contacts'), companies: await count('companies'), deals: await count('deals'), audit: await count('audit_logs') }).toEqual(
      before,
    )
    expect((await a.get(`/api/admin/leads/${id}`)).body.status).toBe('new')
  })

  it('streams the whole filtered export as CSV, beyond 1,000 rows', async () => {
    const a = server.admin
    await insertLeads(server.db, 2345, (i) => ({
      source: 'Export Src',
      name: i === 0 ? '=HYPERLINK("x")' : `Export ${i}`,
      message: i === 1 ? 'line one\nline "two", end' : 'm',
    }))
    await insertLeads(server.db, 3, () => ({ source: 'Export Src', is_spam: true }))
    const response = await fetch(`${server.base}/api/admin/leads/export.csv?filter=${enc({ source: 'Export Src' })}&sort=${enc(['name', 'ASC'])}`, {
      headers: { Cookie: a.cookie },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(/attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"/)
    const text = await response.text()
    const Papa = (await import('papaparse')).default
    const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true })
    expect(parsed.errors).toEqual([])
    expect(parsed.data).toHaveLength(2345)
    expect(new Set(parsed.data.map((r) => r.id)).size).toBe(2345)
    expect(parsed.data.every((r) => r.is_spam === 'false')).toBe(true)
    expect(parsed.data[0].name).toBe(`'=HYPERLINK("x")`)
    expect(parsed.data.find((r) => r.message.startsWith('line one'))!.message).toBe('line one\nline "two", end')
    const names = parsed.data.map((r) => r.name)
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)))
    expect((await a.get(`/api/admin/leads/export.csv?sort=${enc(['notes', 'ASC'])}`)).status).toBe(400)
  })

  it('moves a deal on the kanban in one request, renumbering both stages', async () => {
    const a = server.admin
    const make = async (name: string, stage: string) => (await a.post('/api/admin/deals', { name, stage })).body.id as number
    const q1 = await make('Q1', 'negotiation')
    const q2 = await make('Q2', 'negotiation')
    const q3 = await make('Q3', 'negotiation')
    const p1 = await make('P1', 'won')
    const p2 = await make('P2', 'won')
    const board = async (stage: string) =>
      (await a.get(`/api/admin/deals?sort=["position","ASC"]&filter=${enc({ stage, id: [q1, q2, q3, p1, p2] })}`)).body.map(
        (d: { id: number; position: number }) => [d.id, d.position],
      )
    expect(await board('negotiation')).toEqual([
      [q1, 0],
      [q2, 1],
      [q3, 2],
    ])
    const r = await a.put(`/api/admin/deals/${q1}/move`, { stage: 'won', index: 1 })
    expect(r.body).toEqual({ id: q1, stage: 'won', index: 1 })
    expect(await board('negotiation')).toEqual([
      [q2, 0],
      [q3, 1],
    ])
    expect(await board('won')).toEqual([
      [p1, 0],
      [q1, 1],
      [p2, 2],
    ])
    // Within a stage, and past the end (clamped).
    expect((await a.put(`/api/admin/deals/${p1}/move`, { stage: 'won', index: 99 })).body.index).toBe(2)
    expect(await board('won')).toEqual([
      [q1, 0],
      [p2, 1],
      [p1, 2],
    ])
    expect((await a.put(`/api/admin/deals/${p1}/move`, { stage: 'nowhere', index: 0 })).status).toBe(400)
    const log = (await a.get(`/api/admin/audit-logs?filter=${enc({ resource: 'deals', record_id: q1, action: 'update' })}`)).body
    expect(log[0].changes).toEqual({ stage: ['negotiation', 'won'], position: [0, 1] })
  })

  it('imports contacts from CSV: a dry run reports per-row errors and writes nothing, a real run inserts the valid rows', async () => {
    const a = server.admin
    const csv = [
      'First Name,last_name,email,phone,company,tags,status',
      'Ada,Lovelace,ada@import.example.com,(512) 555-0100,Import Works,vip;math,hot',
      ',NoFirst,x@import.example.com,,,,',
      'Bad,Email,not-an-email,,,,',
      'Alan,Turing,alan@import.example.com,,Import Works,,warm',
      'Grace,Hopper,,,,,customer',
    ].join('\n')
    const count = async () => Number((await server.db('contacts').count({ n: '*' }))[0].n)
    const before = await count()
    const dry = await a.request('POST', '/api/admin/contacts/import?dryRun=1', { body: csv, type: 'text/csv' })
    expect(dry.status).toBe(200)
    expect(dry.body).toEqual({
      total: 5,
      valid: 3,
      created: 0,
      errors: [
        { row: 2, field: 'first_name', message: expect.any(String) },
        { row: 3, field: 'emails.0.email', message: expect.any(String) },
      ],
    })
    expect(await count()).toBe(before)
    const real = await a.request('POST', '/api/admin/contacts/import?dryRun=0', { body: csv, type: 'text/csv' })
    expect(real.body).toMatchObject({ total: 5, valid: 3, created: 3 })
    expect(await count()).toBe(before + 3)
    const ada = (await a.get(`/api/admin/contacts?filter=${enc({ q: 'ada@import.example.com' })}`)).body[0]
    expect(ada).toMatchObject({ first_name: 'Ada', tags: ['vip', 'math'], status: 'hot', phones: [{ number: '(512) 555-0100', type: 'work' }] })
    const alan = (await a.get(`/api/admin/contacts?filter=${enc({ q: 'alan@import.example.com' })}`)).body[0]
    expect(alan.company_id).toBe(ada.company_id)
    expect((await a.get(`/api/admin/audit-logs?filter=${enc({ resource: 'contacts', record_id: ada.id })}`)).body[0].action).toBe('create')
    const json = await a.post('/api/admin/contacts/import?dryRun=1', {
      rows: [
        { first_name: 'Json', emails: [{ email: 'j@example.com', type: 'home' }] },
        { first_name: 'X', status: 'bogus' },
      ],
    })
    expect(json.body).toMatchObject({ total: 2, valid: 1, created: 0, errors: [{ row: 2, field: 'status' }] })
    expect((await a.request('POST', '/api/admin/contacts/import?dryRun=1', { body: 'name\nAda', type: 'text/csv' })).status).toBe(400)
  })

  it('imports in chunks of 250 rows: validates every row first, and a failure mid-way keeps the chunks before it and says which rows were stored (finding 9)', async () => {
    const a = server.admin
    const pg = isPostgres(server.db)
    // A database failure on one row of the second chunk (a trigger refuses it).
    if (pg) {
      await server.db.raw(
        `create or replace function refuse_boom() returns trigger language plpgsql as $$ begin if new.first_name = 'Boom' then raise exception 'refused'; end if; return new; end $$`,
      )
      await server.db.raw('create trigger refuse_boom before insert on contacts for each row execute function refuse_boom()')
    } else {
      await server.db.raw(`create trigger refuse_boom before insert on contacts when new.first_name = 'Boom' begin select raise(abort, 'refused'); end`)
    }
    try {
      const rows = Array.from(
        { length: 700 },
        (_, i) => `${i === 399 ? 'Boom' : i === 9 ? '' : `Chunk${i}`},Import,chunk${i}@chunk.example.com,Chunk Co ${i % 3},chunked`,
      )
      const csv = ['first_name,last_name,email,company,tags', ...rows].join('\n')
      const tagged = async () => Number((await server.db('contacts').whereLike('last_name', 'Import').whereLike('first_name', 'Chunk%').count({ n: '*' }))[0].n)
      const before = await tagged()
      const reply = await a.request('POST', '/api/admin/contacts/import?dryRun=0', { body: csv, type: 'text/csv' })
      expect(reply.status).toBe(500)
      // Row 10 is invalid: the first chunk holds the valid rows 1-251, the second starts at row 252.
      expect(reply.body).toMatchObject({
        total: 700,
        valid: 699,
        created: 250,
        storedThroughRow: 251,
        stoppedAtRow: 252,
        errors: [{ row: 10, field: 'first_name' }],
      })
      expect(reply.body.message).toBe(
        'The import stopped at row 252 because of an error on our side. The valid rows up to row 251 (250 contacts) were stored: import the rows from row 252 on again.',
      )
      expect((await tagged()) - before).toBe(250)
      const audited = await server
        .db('audit_logs')
        .where({ resource: 'contacts', action: 'create' })
        .whereIn('record_id', server.db('contacts').select('id').whereLike('first_name', 'Chunk%'))
      expect(audited).toHaveLength(250)
    } finally {
      await server.db.raw('drop trigger if exists refuse_boom' + (pg ? ' on contacts' : ''))
    }
    // Without the failure the whole file goes in, over three chunks.
    const csv = ['first_name,last_name,email', ...Array.from({ length: 600 }, (_, i) => `Whole${i},Import,whole${i}@chunk.example.com`)].join('\n')
    const whole = await a.request('POST', '/api/admin/contacts/import?dryRun=0', { body: csv, type: 'text/csv' })
    expect(whole).toMatchObject({ status: 200, body: { total: 600, valid: 600, created: 600, errors: [] } })
  })

  it('merges two contacts: activities and deals move, emails and phones are unioned', async () => {
    const a = server.admin
    const keep = (await a.post('/api/admin/contacts', { first_name: 'Keep', emails: [{ email: 'k@example.com', type: 'work' }], tags: ['a'] })).body
    const merge = (
      await a.post('/api/admin/contacts', {
        first_name: 'Merge',
        title: 'CFO',
        emails: [
          { email: 'K@example.com', type: 'home' },
          { email: 'm@example.com', type: 'home' },
        ],
        phones: [{ number: '555-0101', type: 'mobile' }],
        tags: ['b'],
      })
    ).body
    const act = (await a.post('/api/admin/activities', { type: 'call', subject: 'Merged call', contact_id: merge.id })).body
    const deal = (await a.post('/api/admin/deals', { name: 'Shared', contact_ids: [merge.id, keep.id] })).body
    const r = await a.post('/api/admin/contacts/merge', { keepId: keep.id, mergeId: merge.id })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      id: keep.id,
      first_name: 'Keep',
      title: 'CFO',
      tags: ['a', 'b'],
      emails: [
        { email: 'k@example.com', type: 'work' },
        { email: 'm@example.com', type: 'home' },
      ],
      phones: [{ number: '555-0101', type: 'mobile' }],
    })
    expect((await a.get(`/api/admin/contacts/${merge.id}`)).status).toBe(404)
    expect((await a.get(`/api/admin/activities/${act.id}`)).body.contact_id).toBe(keep.id)
    expect((await a.get(`/api/admin/deals/${deal.id}`)).body.contact_ids).toEqual([keep.id])
    expect((await a.post('/api/admin/contacts/merge', { keepId: keep.id, mergeId: keep.id })).status).toBe(400)
  })

  it('"my tasks": owner "me", type task, done_at null', async () => {
    const a = server.admin
    const open = (await a.post('/api/admin/activities', { type: 'task', subject: 'Mine open', due_at: nowIso(Date.now() - 3600_000) })).body
    await a.post('/api/admin/activities', { type: 'task', subject: 'Mine done', done_at: nowIso() })
    await a.post('/api/admin/activities', { type: 'note', subject: 'Mine note' })
    await a.post('/api/admin/activities', { type: 'task', subject: 'Theirs', owner_id: null })
    const r = await a.get(`/api/admin/activities?filter=${enc({ owner_id: 'me', type: 'task', done_at: null })}`)
    expect(r.body.map((t: { subject: string }) => t.subject)).toEqual(['Mine open'])
    expect(r.body[0].id).toBe(open.id)
  })

  it('manages users: invite, change role, protect the last admin, reset password', async () => {
    const a = server.admin
    const invite = await a.post('/api/admin/users', { email: 'New.Hire@Example.com', name: 'New Hire', role: 'marketing' })
    expect(invite.status).toBe(201)
    expect(invite.body.user).toMatchObject({ email: 'new.hire@example.com', role: 'marketing', must_change_password: true, disabled: false })
    expect(invite.body.temporaryPassword).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(JSON.stringify(invite.body.user)).not.toMatch(/hash/)
    expect((await a.post('/api/admin/users', { email: 'new.hire@example.com', name: 'Again', role: 'sales' })).body.errors.email).toBeTruthy()
    const s = await AdminSession.login(server.base, 'new.hire@example.com', invite.body.temporaryPassword)
    expect(s.user.mustChangePassword).toBe(true)
    expect((await a.put(`/api/admin/users/${invite.body.id}`, { role: 'sales' })).body.role).toBe('sales')
    expect((await a.put(`/api/admin/users/${a.user.id}`, { role: 'sales' })).body.errors.role).toMatch(/admin must remain/)
    expect((await a.put(`/api/admin/users/${a.user.id}`, { disabled: true })).status).toBe(400)
    expect((await a.delete(`/api/admin/users/${a.user.id}`)).status).toBe(400)
    const reset = await a.post(`/api/admin/users/${invite.body.id}/reset-password`)
    expect(reset.body.temporaryPassword).toMatch(/^[A-Za-z0-9]{20}$/)
    expect((await s.get('/api/admin/auth/me')).status).toBe(401)
    await expect(AdminSession.login(server.base, 'new.hire@example.com', invite.body.temporaryPassword)).rejects.toThrow(/401/)
    expect((await AdminSession.login(server.base, 'new.hire@example.com', reset.body.temporaryPassword)).user.role).toBe('sales')
  })
})

describe.each(databases)('dashboard ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('computes the overview on the server from known data', async () => {
    const a = server.admin
    const now = Date.now()
    const DAY = 86_400_000
    const startOfToday = now - (now % DAY)
    // Today: 2 Google (1 converted) + 1 spam; 3 days ago: 1 Facebook; 10 days ago: 2 Facebook (1 converted); 40 days ago: 1 Google.
    await insertLeads(server.db, 2, (i) => ({ source: 'Google', status: i === 0 ? 'converted' : 'new', created_at: nowIso(startOfToday + 60_000 * (i + 1)) }))
    await insertLeads(server.db, 1, () => ({ source: 'Google', is_spam: true, created_at: nowIso(startOfToday + 1000) }))
    await insertLeads(server.db, 1, () => ({ source: 'Facebook', created_at: nowIso(now - 3 * DAY) }))
    await insertLeads(server.db, 2, (i) => ({ source: 'Facebook', status: i === 0 ? 'converted' : 'lost', created_at: nowIso(now - 10 * DAY) }))
    await insertLeads(server.db, 1, () => ({ source: 'Google', created_at: nowIso(now - 40 * DAY) }))
    await a.post('/api/admin/deals', { name: 'D1', stage: 'proposal', amount: 1000 })
    await a.post('/api/admin/deals', { name: 'D2', stage: 'proposal', amount: 2500.5 })
    await a.post('/api/admin/deals', { name: 'D3', stage: 'won', amount: 700 })
    await a.post('/api/admin/activities', { type: 'task', subject: 'Overdue', due_at: nowIso(now - 2 * DAY) })
    await a.post('/api/admin/activities', { type: 'task', subject: 'Today', due_at: nowIso(startOfToday + DAY - 1000) })
    await a.post('/api/admin/activities', { type: 'task', subject: 'Next week', due_at: nowIso(now + 7 * DAY) })
    await a.post('/api/admin/activities', { type: 'task', subject: 'Done', due_at: nowIso(now - DAY), done_at: nowIso() })

    const r = await a.get('/api/admin/dashboard')
    expect(r.status).toBe(200)
    const d = r.body
    expect(d.leads).toEqual({ today: 2, days7: 3, days30: 5 })
    expect(d.conversionBySource).toEqual([
      { source: 'Facebook', leads: 3, converted: 1, rate: 0.3333 },
      { source: 'Google', leads: 3, converted: 1, rate: 0.3333 },
    ])
    expect(d.pipelineByStage).toEqual([
      { stage: 'lead', count: 0, amount: 0 },
      { stage: 'qualified', count: 0, amount: 0 },
      { stage: 'proposal', count: 2, amount: 3500.5 },
      { stage: 'negotiation', count: 0, amount: 0 },
      { stage: 'won', count: 1, amount: 700 },
      { stage: 'lost', count: 0, amount: 0 },
    ])
    expect(d.tasksDue).toBe(2)
    expect(d.leadsOverTime).toHaveLength(30)
    expect(d.leadsOverTime.at(-1)).toEqual({ date: new Date(now).toISOString().slice(0, 10), count: 2 })
    expect(d.leadsOverTime.reduce((s: number, p: { count: number }) => s + p.count, 0)).toBe(5)
    expect(d.recentLeads).toHaveLength(5)
    expect(d.recentLeads[0].source).toBe('Google')
    expect(d.myTasks.map((t: { subject: string }) => t.subject)).toEqual(['Overdue', 'Today', 'Next week'])
  })

  it("lists the week's new 404s hit by people, and only for roles that see the 404 log", async () => {
    const now = Date.now()
    const DAY = 86_400_000
    const row = (path: string, hits: number, botHits: number, firstDaysAgo: number, ignored = false) => ({
      path,
      hits,
      bot_hits: botHits,
      first_seen_at: nowIso(now - firstDaysAgo * DAY),
      last_seen_at: nowIso(now - 3600_000),
      referrers: '{}',
      user_agents: '{}',
      ignored,
    })
    await server
      .db('not_found_log')
      .insert([
        row('/new-popular', 40, 2, 2),
        row('/new-quiet', 3, 0, 6),
        row('/new-bots-only', 90, 90, 1),
        row('/old-but-busy', 500, 0, 10),
        row('/new-ignored', 70, 0, 1, true),
      ])
    const d = (await server.admin.get('/api/admin/dashboard')).body
    expect(d.newNotFound.map((r: { path: string; hits: number }) => [r.path, r.hits])).toEqual([
      ['/new-popular', 40],
      ['/new-quiet', 3],
    ])
    const sales = await userWithRole(server, 'sales')
    expect((await sales.get('/api/admin/dashboard')).body.newNotFound).toEqual([])
    const marketing = await userWithRole(server, 'marketing')
    expect((await marketing.get('/api/admin/dashboard')).body.newNotFound).toHaveLength(2)
  })
})
