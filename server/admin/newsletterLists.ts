// Newsletter lists: name and description, with each list's subscribers by status in the list.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { ListSchema } from '../../shared/newsletter.ts'
import { requirePermission } from '../auth/sessions.ts'
import type { TableSpec } from '../db/tableSpec.ts'
import { httpError } from '../middleware/errorHandler.ts'
import type { AdminDeps, AdminResourceModule, ResourceConfig } from './resourceRouter.ts'

export const listsTable: TableSpec = {
  table: 'newsletter_lists',
  columns: { id: 'int', name: 'text', description: 'text', created_at: 'time', updated_at: 'time' },
  hasUpdatedAt: true,
}

const config: ResourceConfig = {
  name: 'newsletter-lists',
  spec: listsTable,
  defaultSort: ['name', 'ASC'],
  createSchema: ListSchema as never,
  updateSchema: ListSchema.partial() as never,
  async beforeCreate(data, w) {
    if (await w.trx('newsletter_lists').where({ name: data.name }).first('id')) throw httpError(409, 'A list has this name already.', { name: 'Already used.' })
    return data
  },
  async beforeUpdate(before, patch, w) {
    if (patch.name && patch.name !== before.name && (await w.trx('newsletter_lists').where({ name: patch.name }).first('id')))
      throw httpError(409, 'A list has this name already.', { name: 'Already used.' })
    return patch
  },
  async beforeDelete(before, w) {
    if (await w.trx('newsletter_campaigns').where({ list_id: before.id }).whereIn('status', ['scheduled', 'sending']).first('id'))
      throw httpError(409, 'A scheduled or sending campaign goes to this list: cancel it first.')
  },
}

export const newsletterLists: AdminResourceModule = {
  config,
  routes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
    // Counts per list and status, for the list screen and the campaign form.
    router.get('/newsletter-lists/counts', ...guard, requirePermission('newsletter-lists', 'list'), async function listCounts(ctx) {
      const rows: Array<{ list_id: number; status: string; n: number | string }> = await db('newsletter_subscriptions')
        .select('list_id', 'status')
        .count({ n: '*' })
        .groupBy('list_id', 'status')
      const out: Record<string, Record<string, number>> = {}
      for (const r of rows) (out[String(r.list_id)] ??= {})[r.status] = Number(r.n)
      ctx.body = out
    })
  },
}
