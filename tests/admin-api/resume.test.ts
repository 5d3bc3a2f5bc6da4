// A job application's résumé, downloaded from the lead screen: an attachment that is never
// rendered inline, after a session and role check, and never reachable without them (no
// session, a session that may not act yet, a role that may not read leads), nor by any path
// outside the admin API.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canAccess, ROLES } from '../../shared/permissions.ts'
import { hashPassword } from '../../server/auth/passwords.ts'
import { insertUser } from '../../server/db/queries/users.ts'
import { resumeFileName } from '../../server/admin/leads.ts'
import { applicationForm, minimalPdf, request } from '../api/helpers.ts'
import { AdminSession, databases, insertLeads, startAdminServer, userWithRole, type AdminServer } from './helpers.ts'

describe('resumeFileName', () => {
  it('keeps the applicant’s name, without paths or control characters, ending in .pdf', () => {
    expect(resumeFileName('Katherine Johnson CV.pdf', 7)).toBe('Katherine Johnson CV.pdf')
    expect(resumeFileName('../../etc/passwd.pdf', 7)).toBe('.. .. etc passwd.pdf')
    expect(resumeFileName('C:\\Users\\kj\\cv.PDF', 7)).toBe('C: Users kj cv.PDF')
    expect(resumeFileName('cv\r\nX-Injected: 1', 7)).toBe('cv X-Injected: 1.pdf')
    expect(resumeFileName('', 7)).toBe('resume-7.pdf')
    expect(resumeFileName(undefined, 7)).toBe('resume-7.pdf')
  })
})

describe.each(databases)('GET /api/admin/leads/:id/resume ($name)', (target) => {
  let server: AdminServer
  let leadId: number
  let storedName: string
  const pdf = minimalPdf(3000)
  const resumeUrl = (id: number) => `/api/admin/leads/${id}/resume`

  beforeAll(async () => {
    server = await startAdminServer(target)
    const form = applicationForm({ name: 'Mary Jackson' }, { content: pdf, name: 'Mary Jackson résumé.pdf' })
    const reply = await request(server.base, 'POST', '/api/applications', { body: form })
    expect(reply.status).toBe(201)
    leadId = reply.body.id
    storedName = (await server.admin.get(`/api/admin/leads/${leadId}`)).body.details.resume.storedName
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('serves the file as a PDF attachment, never to be sniffed or cached', async () => {
    const response = await fetch(server.base + resumeUrl(leadId), { headers: server.admin.headers() })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    // RFC 6266 via Koa's ctx.attachment: a Latin-1 name as is, anything else as filename*=UTF-8''.
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Mary Jackson résumé.pdf"')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-length')).toBe(String(pdf.length))
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true)
  })

  it('answers 401 without a session or with a forged one, and sends no file', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Cookie: 'sid=forged-session-value' },
      { Cookie: server.admin.cookie.replace(/=.*/, `=${'x'.repeat(22)}`) },
    ]
    for (const headers of attempts) {
      const response = await fetch(server.base + resumeUrl(leadId), { headers })
      expect(response.status, JSON.stringify(headers)).toBe(401)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await response.json()).toEqual({ message: 'Please sign in.' })
    }
  })

  it('answers 403 to a session that must change its password first', async () => {
    const invite = await server.admin.post('/api/admin/users', { email: 'resume-pending@example.com', name: 'Pending', role: 'sales' })
    const pending = await AdminSession.login(server.base, 'resume-pending@example.com', invite.body.temporaryPassword)
    const reply = await pending.get(resumeUrl(leadId))
    expect(reply).toMatchObject({ status: 403, body: { message: 'Please change your password before continuing.' } })
  })

  it('follows canAccess for every role, and refuses a role that may not read leads', async () => {
    for (const role of ROLES) {
      const session = role === 'admin' ? server.admin : await userWithRole(server, role)
      const reply = await session.request('GET', resumeUrl(leadId))
      expect(reply.status, role).toBe(canAccess(role, { resource: 'leads', action: 'show' }) ? 200 : 403)
    }
    // A role the permission table does not know (say, one retired since) may read nothing.
    await insertUser(server.db, {
      email: 'retired-role@example.com',
      name: 'Old Role',
      role: 'intern' as never,
      passwordHash: await hashPassword('an old role passphrase 1'),
      mustChangePassword: false,
    })
    const retired = await AdminSession.login(server.base, 'retired-role@example.com', 'an old role passphrase 1')
    const reply = await retired.get(resumeUrl(leadId))
    expect(reply).toMatchObject({ status: 403, body: { message: 'Your role does not allow this.' } })
  })

  it('is not reachable by any path outside the admin API', async () => {
    // /admin/* is the admin app's page (its HTML shell, whatever the path); everything else is a 404.
    for (const url of [
      `/uploads/${storedName}`,
      `/var/uploads/${storedName}`,
      `/${storedName}`,
      `/api/uploads/${storedName}`,
      `/admin/${storedName}`,
      `/admin/uploads/${storedName}`,
    ]) {
      const response = await fetch(server.base + url, { headers: server.admin.headers() })
      if (!url.startsWith('/admin/')) expect(response.status, url).toBe(404)
      expect(response.headers.get('content-type') ?? '', url).not.toContain('pdf')
      expect(Buffer.from(await response.arrayBuffer()).includes(pdf.subarray(0, 40)), url).toBe(false)
    }
  })

  it('answers 404 for a lead without a résumé, an unknown lead and a file gone from the folder', async () => {
    const [plain] = await insertLeads(server.db, 1)
    expect(await server.admin.get(resumeUrl(plain))).toMatchObject({ status: 404, body: { message: 'This lead has no résumé.' } })
    expect(await server.admin.get(resumeUrl(99_999_999))).toMatchObject({ status: 404, body: { message: 'There is no such record.' } })
    const [tampered] = await insertLeads(server.db, 1, () => ({
      kind: 'application',
      details: JSON.stringify({ resume: { storedName: '../app-secret', originalName: 'x.pdf' } }),
    }))
    expect(await server.admin.get(resumeUrl(tampered))).toMatchObject({ status: 404, body: { message: 'This lead has no résumé.' } })

    const form = applicationForm({}, { content: minimalPdf() })
    const gone = (await request(server.base, 'POST', '/api/applications', { body: form })).body.id
    const goneName = (await server.admin.get(`/api/admin/leads/${gone}`)).body.details.resume.storedName
    fs.rmSync(path.join(server.env.UPLOADS_DIR, goneName))
    expect(await server.admin.get(resumeUrl(gone))).toMatchObject({ status: 404, body: { message: 'The résumé file is no longer in the uploads folder.' } })
  })
})
