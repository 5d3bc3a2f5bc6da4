// The admin audit log: who created, changed or deleted which record, with field-level changes.
import type { TableSpec } from '../tableSpec.ts'
import { nowIso, type Queryable } from '../rows.ts'

export const auditLogsTable: TableSpec = {
  table: 'audit_logs',
  columns: { id: 'int', user_id: 'int', action: 'text', resource: 'text', record_id: 'int', changes: 'json', created_at: 'time' },
}

export type AuditEntry = { userId: number | null; action: 'create' | 'update' | 'delete'; resource: string; recordId: number; changes: Record<string, [unknown, unknown]> }

export async function insertAuditLogs(db: Queryable, entries: AuditEntry[], now = Date.now()) {
  const at = nowIso(now)
  const rows = entries.map((e) => ({ user_id: e.userId, action: e.action, resource: e.resource, record_id: e.recordId, changes: JSON.stringify(e.changes), created_at: at }))
  for (let i = 0; i < rows.length; i += 100) await db('audit_logs').insert(rows.slice(i, i + 100))
}
