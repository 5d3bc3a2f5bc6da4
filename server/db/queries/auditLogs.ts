// The admin audit log: who created, changed or deleted which record, with field-level changes,
// and the staff's sign-ins, failed sign-ins, sign-outs and password changes.
import type { AuditAction } from '../../../shared/adminContract.ts'
import { nowIso, type Queryable } from '../rows.ts'
import type { TableSpec } from '../tableSpec.ts'

export const auditLogsTable: TableSpec = {
  table: 'audit_logs',
  columns: { id: 'int', user_id: 'int', action: 'text', resource: 'text', record_id: 'int', changes: 'json', created_at: 'time' },
}

/** `userId` is who acted (null when nobody is signed in); `recordId` is null when there is no record (a failed sign-in with an unknown email). */
export type AuditEntry = { userId: number | null; action: AuditAction; resource: string; recordId: number | null; changes: Record<string, [unknown, unknown]> }

export async function insertAuditLogs(db: Queryable, entries: AuditEntry[], now = Date.now()) {
  const at = nowIso(now)
  const rows = entries.map((e) => ({
    user_id: e.userId,
    action: e.action,
    resource: e.resource,
    record_id: e.recordId,
    changes: JSON.stringify(e.changes),
    created_at: at,
  }))
  for (let i = 0; i < rows.length; i += 100) await db('audit_logs').insert(rows.slice(i, i + 100))
}
