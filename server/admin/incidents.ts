// Incidents (issue 14): opened and closed by the uptime probe, or opened by staff for what no
// check sees (e.g. "lead emails delayed"). List (filters: status, check), show, staff updates (a
// timeline of notes, audited), close/reopen and retitle through the generic update (audited).
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { z } from 'zod'
import { bodyOf } from '../api/state.ts'
import { requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { nowIso } from '../db/rows.ts'
import type { TableSpec } from '../db/tableSpec.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { mustLoad, parseId, writeWith, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'
import { leadsLostDuring } from '../monitoring/heartbeat.ts'

export const incidentsTable: TableSpec = {
  table: 'incidents',
  columns: {
    id: 'int',
    check_id: 'int',
    title: 'text',
    status: 'text',
    opened_at: 'time',
    closed_at: 'time',
    cause: 'text',
    created_at: 'time',
    updated_at: 'time',
  },
  refs: { check_id: 'uptime_checks' },
  hasUpdatedAt: true,
}

const title = z.string().trim().min(1, 'Give the incident a title.').max(200, 'At most 200 characters.')
const IncidentCreateSchema = z.object({ title, cause: z.string().trim().max(500, 'At most 500 characters.').default('') })
const IncidentUpdateSchema = z.object({ title, status: z.enum(['open', 'resolved']), cause: z.string().trim().max(500, 'At most 500 characters.') }).partial()
const UpdateBodySchema = z.object({ body: z.string().trim().min(1, 'Write the update.').max(5000, 'At most 5,000 characters.') })

const config: ResourceConfig = {
  name: 'incidents',
  spec: incidentsTable,
  defaultSort: ['opened_at', 'DESC'],
  createSchema: IncidentCreateSchema as never,
  updateSchema: IncidentUpdateSchema as never,
  async beforeCreate(data) {
    return { ...data, status: 'open', opened_at: nowIso() }
  },
  async beforeUpdate(before, patch) {
    if (patch.status === 'resolved' && before.status !== 'resolved') return { ...patch, closed_at: nowIso() }
    if (patch.status === 'open' && before.status !== 'open') return { ...patch, closed_at: null }
    return patch
  },
}

function getUpdates(db: Db): Middleware {
  return async function incidentUpdatesHandler(ctx) {
    const id = parseId(ctx.params.id)
    const incident = await mustLoad(db, incidentsTable, id)
    const rows = await db('incident_updates')
      .leftJoin('users', 'users.id', 'incident_updates.user_id')
      .where({ incident_id: id })
      .orderBy('incident_updates.created_at', 'asc')
      .orderBy('incident_updates.id', 'asc')
      .select('incident_updates.id', 'incident_updates.body', 'incident_updates.created_at', 'users.name as author', 'users.email as author_email')
    const start = Date.parse(String(incident.opened_at))
    const end = incident.closed_at ? Date.parse(String(incident.closed_at)) : Date.now()
    ctx.body = {
      updates: rows.map((r: Record<string, unknown>) => ({ ...r, id: Number(r.id), created_at: new Date(String(r.created_at)).toISOString() })),
      impact: await leadsLostDuring(db, start, end),
    }
  }
}

function postUpdate(db: Db): Middleware {
  return async function postIncidentUpdateHandler(ctx) {
    const id = parseId(ctx.params.id)
    const { body } = UpdateBodySchema.parse(bodyOf(ctx))
    ctx.status = 201
    ctx.body = await writeWith(
      db,
      ctx,
    )(async (w) => {
      await mustLoad(w.trx, incidentsTable, id)
      const at = nowIso()
      const [row] = await w.trx('incident_updates').insert({ incident_id: id, user_id: w.userId, body, created_at: at }).returning('id')
      const updateId = Number(typeof row === 'object' ? row.id : row)
      await w.trx('incidents').where({ id }).update({ updated_at: at })
      await audit(w.trx, w.userId, 'create', 'incident-updates', updateId, null, { incident_id: id, body })
      return { id: updateId, incident_id: id, body, created_at: at }
    })
  }
}

export const incidents: AdminResourceModule = {
  config,
  routes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
    router.get('/incidents/:id/updates', ...guard, requirePermission('incidents', 'show'), getUpdates(db))
    router.post('/incidents/:id/updates', ...guard, requirePermission('incidents', 'edit'), adminJsonBody(), postUpdate(db))
  },
}
