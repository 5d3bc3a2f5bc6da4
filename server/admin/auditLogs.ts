// The audit log, read-only: list and show (no create or update schema, so no write routes).
// Entries are written with the change they record (./audit.ts) and by sign-in events.
import { auditLogsTable } from '../db/queries/auditLogs.ts'
import type { AdminResourceModule } from './resourceRouter.ts'

export const auditLogs: AdminResourceModule = {
  config: {
    name: 'audit-logs',
    spec: auditLogsTable,
    defaultSort: ['created_at', 'DESC'],
  },
}
