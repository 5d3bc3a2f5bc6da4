// Field-level changes for the audit log: { field: [old, new] } for every field that differs.
import { insertAuditLogs, type AuditEntry } from '../db/queries/auditLogs.ts'
import type { Queryable } from '../db/rows.ts'

const IGNORED = new Set(['id', 'created_at', 'updated_at'])
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

export function diffRecords(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {}
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  for (const key of keys) {
    if (IGNORED.has(key)) continue
    const a = before?.[key] ?? null
    const b = after?.[key] ?? null
    if (!same(a, b)) changes[key] = [a, b]
  }
  return changes
}

export async function audit(
  db: Queryable,
  userId: number,
  action: AuditEntry['action'],
  resource: string,
  recordId: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  const changes = diffRecords(before, after)
  if (action === 'update' && Object.keys(changes).length === 0) return
  await insertAuditLogs(db, [{ userId, action, resource, recordId, changes }])
}
