// CRUD of every resource through the real ra-data-simple-rest client, filters, operators, q,
// bulk endpoints and the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, insertLeads, startAdminServer, type AdminServer } from './helpers.ts'

describe.each(databases)('admin resources via ra-data-simple-rest ($name)', (target) => {
  let server: AdminServer
  beforeAll(async () => {
    server = await startAdminServer(target)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('companies, contacts, deals, activities: create, getOne, getList, getMany, getManyReference, update (merge), delete', async () => {
    const dp = server.admin.dataProvider()
    const { data: company } = await dp.create('companies', {
      data: { name: 'Analytical Engines', sector: 'SaaS', size: '11-50', website: 'https://engines.example.com', revenue: 1250000.5 },
    })
    expect(company).toMatchObject({ id: expect.any(Number), name: 'Analytical Engines', size: '11-50', revenue: 1250000.5, city: null })
    const { data: contact } = await dp.create('contacts', {
      data: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        emails: [{ email: 'ada@engines.example.com', type: 'work' }],
        phones: [{ number: '(512) 555-0101', type: 'mobile' }],
        tags: ['vip'],
        company_id: company.id,
      },
    })
    expect(contact).toMatchObject({
      first_name: 'Ada',
      emails: [{ email: 'ada@engines.example.com', type: 'work' }],
      phones: [{ number: '(512) 555-0101', type: 'mobile' }],
      tags: ['vip'],
      status: 'cold',
      company_id: company.id,
    })
    const { data: other } = await dp.create('contacts', { data: { first_name: 'Charles', last_name: 'Babbage', company_id: company.id } })
    const { data: deal } = await dp.create('deals', {
      data: { name: 'Difference engine', company_id: company.id, contact_ids: [contact.id], amount: 50000, expected_close: '2026-12-31' },
    })
    expect(deal).toMatchObject({ stage: 'lead', amount: 50000, contact_ids: [contact.id], expected_close: '2026-12-31', position: 0 })
    const { data: task } = await dp.create('activities', {
      data: { type: 'task', subject: 'Call Ada', contact_id: contact.id, due_at: '2026-11-30T15:00:00.000Z' },
    })
    expect(task).toMatchObject({ owner_id: server.admin.user.id, due_at: '2026-11-30T15:00:00.000Z', done_at: null })

    expect((await dp.getOne('contacts', { id: contact.id })).data).toEqual(contact)
    const list = await dp.getList('contacts', { pagination: { page: 1, perPage: 1 }, sort: { field: 'first_name', order: 'ASC' }, filter: {} })
    expect(list.total).toBe(2)
    expect(list.data.map((c) => c.first_name)).toEqual(['Ada'])
    const page2 = await dp.getList('contacts', { pagination: { page: 2, perPage: 1 }, sort: { field: 'first_name', order: 'ASC' }, filter: {} })
    expect(page2.data.map((c) => c.first_name)).toEqual(['Charles'])
    expect((await dp.getMany('contacts', { ids: [other.id, contact.id] })).data.map((c) => c.id).sort()).toEqual([contact.id, other.id].sort())
    const ref = await dp.getManyReference('contacts', {
      target: 'company_id',
      id: company.id,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    })
    expect(ref.total).toBe(2)
    const dealsOfContact = await dp.getManyReference('deals', {
      target: 'contact_ids',
      id: contact.id,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    })
    expect(dealsOfContact.data.map((d) => d.id)).toEqual([deal.id])
    const timeline = await dp.getManyReference('activities', {
      target: 'contact_id',
      id: contact.id,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    })
    expect(timeline.data.map((a) => a.id)).toEqual([task.id])

    // PUT merges: react-admin sends the whole record, a partial body changes only its fields.
    const { data: updated } = await dp.update('contacts', { id: contact.id, data: { ...contact, title: 'Countess', status: 'hot' }, previousData: contact })
    expect(updated).toMatchObject({ title: 'Countess', status: 'hot', last_name: 'Lovelace', tags: ['vip'] })
    const partial = await server.admin.put(`/api/admin/contacts/${contact.id}`, { tags: ['vip', 'math'] })
    expect(partial.body).toMatchObject({ title: 'Countess', tags: ['vip', 'math'] })
    const { data: doneTask } = await dp.update('activities', { id: task.id, data: { done_at: '2026-11-29T10:00:00.000Z' }, previousData: task })
    expect(doneTask.done_at).toBe('2026-11-29T10:00:00.000Z')
    const { data: movedDeal } = await dp.update('deals', { id: deal.id, data: { stage: 'proposal' }, previousData: deal })
    expect(movedDeal).toMatchObject({ stage: 'proposal', position: 0 })
    const { data: co2 } = await dp.update('companies', { id: company.id, data: { city: 'Austin', state: 'TX' }, previousData: company })
    expect(co2).toMatchObject({ name: 'Analytical Engines', city: 'Austin' })

    const { data: deleted } = await dp.delete('contacts', { id: other.id, previousData: other })
    expect(deleted).toMatchObject({ id: other.id, first_name: 'Charles' })
    await expect(dp.getOne('contacts', { id: other.id })).rejects.toMatchObject({ status: 404 })
    expect((await dp.delete('activities', { id: task.id })).data.id).toBe(task.id)
    expect((await dp.delete('deals', { id: deal.id })).data.id).toBe(deal.id)
  })

  it('returns validation errors per field and never a 5xx for bad input', async () => {
    const dp = server.admin.dataProvider()
    await expect(dp.create('contacts', { data: { first_name: '', emails: [{ email: 'nope' }] } })).rejects.toMatchObject({
      status: 400,
      body: { errors: { first_name: expect.any(String), 'emails.0.email': expect.any(String) } },
    })
    const badRef = await server.admin.post('/api/admin/contacts', { first_name: 'X', company_id: 999999 })
    expect(badRef.status).toBe(400)
    expect(badRef.body.errors.company_id).toBeTruthy()
    const badDeal = await server.admin.post('/api/admin/deals', { name: 'X', contact_ids: [999999] })
    expect(badDeal.body.errors.contact_ids).toBeTruthy()
    for (const q of [
      'sort=nope',
      'sort=["nope","ASC"]',
      'range=[5,1]',
      'filter={"owner_id":"abc"}',
      'filter={"nope":1}',
      'filter={"created_at_gte":"yesterday"}',
      'filter=[1]',
      'filter={"emails":{"a":1}}',
      'filter={"id":["x"]}',
    ]) {
      const r = await server.admin.get(`/api/admin/contacts?${q}`)
      expect(r.status, q).toBe(400)
      expect(r.body.message).toBeTruthy()
    }
    expect((await server.admin.get('/api/admin/contacts/abc')).status).toBe(404)
    expect((await server.admin.get('/api/admin/contacts/999999')).status).toBe(404)
    expect((await server.admin.put('/api/admin/contacts/999999', { title: 'x' })).status).toBe(404)
  })

  it('answers 400, never 500, to built-in property names as sort or filter fields', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      for (const resource of ['contacts', 'leads', 'deals']) {
        const sorted = await server.admin.get(`/api/admin/${resource}?sort=${encodeURIComponent(JSON.stringify([name, 'ASC']))}`)
        expect(sorted.status, `${resource} sort ${name}`).toBe(400)
        expect(sorted.body.message).toBe(`Cannot sort by ${name}.`)
        for (const key of [name, `${name}_gte`, `${name}_eq_any`]) {
          const filtered = await server.admin.get(`/api/admin/${resource}?filter=${encodeURIComponent(`{"${key}":"1"}`)}`)
          expect(filtered.status, `${resource} filter ${key}`).toBe(400)
        }
      }
      const exported = await server.admin.get(`/api/admin/leads/export.csv?filter=${encodeURIComponent(`{"${name}":"1"}`)}`)
      expect(exported.status, `export filter ${name}`).toBe(400)
    }
  })

  it('answers 400 to a range wider than a page or beyond any table', async () => {
    for (const range of ['[0,1000000000]', '[0,1000]', '[5,1005]', '[0,1e300]', '[2000000000,2000000001]', '[0,9007199254740993]']) {
      const r = await server.admin.get(`/api/admin/contacts?range=${range}`)
      expect(r.status, range).toBe(400)
      expect(r.body.message).toMatch(/range/)
    }
    expect((await server.admin.get('/api/admin/contacts?range=[0,999]')).status).toBe(200)
  })

  it('serves pages of up to 1000 rows and reports the total in Content-Range', async () => {
    await insertLeads(server.db, 1205, () => ({ source: 'Cap Test' }))
    const r = await server.admin.get('/api/admin/leads?range=[0,999]&filter={"source":"Cap Test"}')
    expect(r.body).toHaveLength(1000)
    expect(r.headers.get('Content-Range')).toBe('leads 0-999/1205')
    expect(r.headers.get('Access-Control-Expose-Headers')).toMatch(/Content-Range/)
    const empty = await server.admin.get('/api/admin/leads?range=[5000,5009]&filter={"source":"Cap Test"}')
    expect(empty.body).toEqual([])
    expect(empty.headers.get('Content-Range')).toBe('leads */1205')
  })

  it('filters with equality, null, operators, arrays, "me" and full-text q', async () => {
    const a = server.admin
    const c1 = (await a.post('/api/admin/companies', { name: 'Zephyr Roofing', city: 'Dallas', revenue: 100 })).body
    const c2 = (await a.post('/api/admin/companies', { name: 'Évora Dental', city: 'Austin', revenue: 500 })).body
    const c3 = (await a.post('/api/admin/companies', { name: 'Quartz Lending', city: 'Austin', revenue: 900 })).body
    const get = async (filter: unknown, sort = '["id","ASC"]') =>
      (await a.get(`/api/admin/companies?sort=${encodeURIComponent(sort)}&filter=${encodeURIComponent(JSON.stringify(filter))}`)).body.map(
        (c: { id: number }) => c.id,
      )
    const mine = [c1.id, c2.id, c3.id]
    const only = (ids: number[]) => ids.filter((id) => mine.includes(id))
    expect(only(await get({ city: 'Austin' }))).toEqual([c2.id, c3.id])
    expect(only(await get({ revenue_gte: 500 }))).toEqual([c2.id, c3.id])
    expect(only(await get({ revenue_gt: 500 }))).toEqual([c3.id])
    expect(only(await get({ revenue_lt: 500 }))).toEqual([c1.id])
    expect(only(await get({ revenue_lte: 500, city_neq: 'Dallas' }))).toEqual([c2.id])
    expect(only(await get({ city_eq_any: ['Dallas', 'Nowhere'] }))).toEqual([c1.id])
    expect(only(await get({ id: [c1.id, c3.id] }))).toEqual([c1.id, c3.id])
    expect(only(await get({ sector: null }))).toEqual(mine)
    expect(only(await get({ owner_id: 'me' }))).toEqual([])
    expect(only(await get({}, '["revenue","DESC"]'))).toEqual([c3.id, c2.id, c1.id])
    // Full text: prefixes, several words, accents folded (SQLite) or matched as typed.
    expect(only(await get({ q: 'zeph' }))).toEqual([c1.id])
    expect(only(await get({ q: 'quartz lend' }))).toEqual([c3.id])
    expect(only(await get({ q: 'Évora' }))).toEqual([c2.id])
    expect(only(await get({ q: 'austin' }))).toEqual([c2.id, c3.id])
    expect(only(await get({ q: 'nothing-like-this' }))).toEqual([])
    expect(only(await get({ q: '"*^' }))).toEqual(mine)
    // Search stays in sync with updates and deletes.
    await a.put(`/api/admin/companies/${c1.id}`, { name: 'Yonder Roofing' })
    expect(only(await get({ q: 'zephyr' }))).toEqual([])
    expect(only(await get({ q: 'yonder' }))).toEqual([c1.id])
    await a.delete(`/api/admin/companies/${c1.id}`)
    expect(only(await get({ q: 'yonder' }))).toEqual([])

    const ct = (
      await a.post('/api/admin/contacts', {
        first_name: 'Grace',
        last_name: 'Hopper',
        emails: [{ email: 'grace@navy.example.com', type: 'work' }],
        tags: ['admiral'],
      })
    ).body
    const contacts = async (filter: unknown) =>
      (await a.get(`/api/admin/contacts?filter=${encodeURIComponent(JSON.stringify(filter))}`)).body.map((c: { id: number }) => c.id)
    expect(await contacts({ q: 'grace@navy.example.com' })).toEqual([ct.id])
    expect(await contacts({ q: 'hopp' })).toEqual([ct.id])
    expect(await contacts({ tags: 'admiral' })).toEqual([ct.id])
  })

  it('bulk update and bulk delete are one request and one transaction, with audit entries', async () => {
    const a = server.admin
    const ids = [] as number[]
    for (const name of ['Bulk A', 'Bulk B', 'Bulk C']) ids.push((await a.post('/api/admin/companies', { name })).body.id)
    const up = await a.put('/api/admin/companies/bulk', { ids, data: { sector: 'Legal' } })
    expect(up.body).toEqual({ ids })
    const rows = (await a.get(`/api/admin/companies?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`)).body
    expect(rows.map((r: { sector: string }) => r.sector)).toEqual(['Legal', 'Legal', 'Legal'])
    // One invalid lead transition rolls the whole bulk back.
    const [l1, l2] = await insertLeads(server.db, 2)
    await a.put(`/api/admin/leads/${l2}`, { status: 'lost' })
    const bad = await a.put('/api/admin/leads/bulk', { ids: [l1, l2], data: { status: 'qualified' } })
    expect(bad.status).toBe(400)
    expect((await a.get(`/api/admin/leads/${l1}`)).body.status).toBe('new')
    const del = await a.delete('/api/admin/companies/bulk', { ids: [ids[0], ids[1]] })
    expect(del.body).toEqual({ ids: [ids[0], ids[1]] })
    const del2 = await a.post('/api/admin/companies/bulk-delete', { ids: [ids[2], 999999] })
    expect(del2.body).toEqual({ ids: [ids[2]] })
    const logs = (
      await a.get(`/api/admin/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'companies', record_id: ids[0] }))}&sort=["id","ASC"]`)
    ).body
    expect(logs.map((l: { action: string }) => l.action)).toEqual(['create', 'update', 'delete'])
    expect(logs[1].changes).toEqual({ sector: [null, 'Legal'] })
    expect(logs[1].user_id).toBe(a.user.id)
  })

  it('records field-level changes in the audit log for every write', async () => {
    const a = server.admin
    const c = (await a.post('/api/admin/contacts', { first_name: 'Audit', status: 'cold' })).body
    await a.put(`/api/admin/contacts/${c.id}`, { status: 'warm', title: 'CTO', first_name: 'Audit' })
    await a.delete(`/api/admin/contacts/${c.id}`)
    const r = await a.get(`/api/admin/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'contacts', record_id: c.id }))}`)
    expect(r.headers.get('Content-Range')).toBe('audit-logs 0-2/3')
    const [del, upd, create] = r.body
    expect(create).toMatchObject({ action: 'create', resource: 'contacts', record_id: c.id, user_id: a.user.id })
    expect(create.changes.first_name).toEqual([null, 'Audit'])
    expect(upd.changes).toEqual({ status: ['cold', 'warm'], title: [null, 'CTO'] })
    expect(del.action).toBe('delete')
    expect(del.changes.status).toEqual(['warm', null])
    expect(typeof del.created_at).toBe('string')
    // Read-only resource.
    expect((await a.post('/api/admin/audit-logs', { action: 'create' })).status).toBe(405)
  })
})
