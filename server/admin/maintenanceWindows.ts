// Maintenance windows (issue 14): while one runs, alerts are stored as `muted` instead of sent
// (server/monitoring/alerts.ts); checks and incidents go on being recorded. Admins only.
import { z } from 'zod'
import { httpError } from '../middleware/errorHandler.ts'
import type { TableSpec } from '../db/tableSpec.ts'
import type { AdminResourceModule, ResourceConfig } from './resourceRouter.ts'

export const maintenanceWindowsTable: TableSpec = {
  table: 'maintenance_windows',
  columns: { id: 'int', starts_at: 'time', ends_at: 'time', note: 'text', created_by: 'int', created_at: 'time', updated_at: 'time' },
  refs: { created_by: 'users' },
  hasUpdatedAt: true,
}

const MAX_WINDOW_MS = 7 * 86_400_000
const when = (label: string) =>
  z
    .string({ error: `Enter the ${label} date and time.` })
    .refine((v) => !Number.isNaN(Date.parse(v)), `Enter a valid ${label} date and time.`)
    .transform((v) => new Date(v).toISOString())
const fields = { starts_at: when('start'), ends_at: when('end'), note: z.string().trim().max(500, 'At most 500 characters.').default('') }
const CreateSchema = z.object(fields)
const UpdateSchema = z.object(fields).partial()

function checkSpan(starts: unknown, ends: unknown) {
  const start = Date.parse(String(starts))
  const end = Date.parse(String(ends))
  if (!(end > start)) throw httpError(400, 'Please correct the highlighted fields.', { ends_at: 'The window must end after it starts.' })
  if (end - start > MAX_WINDOW_MS) throw httpError(400, 'Please correct the highlighted fields.', { ends_at: 'A maintenance window lasts at most 7 days.' })
}

const config: ResourceConfig = {
  name: 'maintenance-windows',
  spec: maintenanceWindowsTable,
  defaultSort: ['starts_at', 'DESC'],
  createSchema: CreateSchema as never,
  updateSchema: UpdateSchema as never,
  async beforeCreate(data, w) {
    checkSpan(data.starts_at, data.ends_at)
    return { ...data, created_by: w.userId }
  },
  async beforeUpdate(before, patch) {
    checkSpan(patch.starts_at ?? before.starts_at, patch.ends_at ?? before.ends_at)
    return patch
  },
}

export const maintenanceWindows: AdminResourceModule = { config }
