// /api/admin/privacy (issue 13, docs/decisions/127-privacy-export-and-erasure.md): what the product
// holds about one email address (server/privacy/person.ts), its export as JSON or CSV, and its
// erasure in one transaction after the address is typed a second time. Admins only. The audit
// log keeps a keyed hash of the address (never the address), the counts, who and when; exports
// are audited too.
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { z } from 'zod'
import { eventBufferFor } from '../analytics/eventBuffer.ts'
import { ingestorFor } from '../analytics/ingest.ts'
import { bodyOf } from '../api/state.ts'
import { requirePermission } from '../auth/sessions.ts'
import { countsOf, emailDigest, erasePerson, findPerson, type PersonData } from '../privacy/person.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { csvLine } from './csv.ts'
import { writeWith, type AdminDeps } from './resourceRouter.ts'

const Email = z.string({ error: 'Enter an email address.' }).trim().toLowerCase().max(254, 'At most 254 characters.').email('Enter a valid email address.')
const LookupSchema = z.object({ email: Email })
const EraseSchema = z
  .object({ email: Email, confirmEmail: z.string({ error: 'Type the email address again to confirm.' }).trim().toLowerCase() })
  .refine((v) => v.email === v.confirmEmail, { path: ['confirmEmail'], message: 'Type the same email address again to confirm the erasure.' })

/** What the screen shows per category: the counts and the first rows (events: the first 200). */
function preview(data: PersonData) {
  return {
    email: data.email,
    counts: countsOf(data),
    records: { ...data, events: data.events.slice(0, 200), email: undefined },
  }
}

const fileName = (email: string, ext: string) => `personal-data-${email.replace(/[^a-z0-9.@_-]/gi, '_')}.${ext}`

function csvOf(data: PersonData): string {
  let out = `\uFEFF${csvLine(['category', 'record', 'field', 'value'])}`
  for (const [category, rows] of Object.entries(data)) {
    if (category === 'email') continue
    ;(rows as unknown[]).forEach((row, i) => {
      if (typeof row !== 'object' || row === null) out += csvLine([category, String(i + 1), 'value', String(row)])
      else
        for (const [field, value] of Object.entries(row))
          out += csvLine([
            category,
            String((row as { id?: unknown }).id ?? i + 1),
            field,
            value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
          ])
    })
  }
  return out
}

export function registerPrivacyRoutes(router: Router, { db, env }: AdminDeps, guard: Middleware[]) {
  const json = adminJsonBody()
  router.get('/privacy/person', ...guard, requirePermission('privacy', 'show'), async function privacyLookupHandler(ctx) {
    const { email } = LookupSchema.parse({ email: ctx.query.email })
    ctx.body = preview(await findPerson(db, email))
  })

  const exporter = (format: 'json' | 'csv') =>
    async function privacyExportHandler(ctx: Context) {
      const { email } = LookupSchema.parse({ email: ctx.query.email })
      const data = await findPerson(db, email)
      await writeWith(db, ctx)((w) => audit(w.trx, w.userId, 'create', 'privacy-export', 0, null, { email_hash: emailDigest(email, env.APP_SECRET), format }))
      ctx.set('Content-Disposition', `attachment; filename="${fileName(email, format)}"`)
      if (format === 'json') {
        ctx.type = 'application/json'
        ctx.body = JSON.stringify({ exportedAt: new Date().toISOString(), ...data }, null, 2)
      } else {
        ctx.type = 'text/csv; charset=utf-8'
        ctx.body = csvOf(data)
      }
    }
  router.get('/privacy/export.json', ...guard, requirePermission('privacy', 'export'), exporter('json'))
  router.get('/privacy/export.csv', ...guard, requirePermission('privacy', 'export'), exporter('csv'))

  router.post('/privacy/erase', ...guard, requirePermission('privacy', 'delete'), json, async function privacyEraseHandler(ctx) {
    const { email } = EraseSchema.parse(bodyOf(ctx))
    const before = await findPerson(db, email)
    // Rows of this person still waiting in this process's event buffer are dropped first.
    const keys = new Set(before.visitorIds.map((v) => (v.startsWith('h:') ? v.slice(2) : v)))
    eventBufferFor(db).forget(keys, new Set(before.leads.map((l) => Number(l.id))))
    const counts = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const erased = await erasePerson(w.trx, email)
      await audit(w.trx, w.userId, 'delete', 'privacy', 0, null, { email_hash: emailDigest(email, env.APP_SECRET), erased })
      return erased
    })
    // This process forgets the browser ids it had tied to the person's leads.
    ingestorFor(db).reset()
    ctx.body = { email, erased: counts, total: Object.values(counts).reduce((a, b) => a + b, 0) }
  })
}
