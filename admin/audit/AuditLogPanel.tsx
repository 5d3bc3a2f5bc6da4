// The field-level history of one record (who, when, what changed), on every show page.
import { DateField, ReferenceField, TextField, useGetList, useRecordContext, useResourceContext, type RaRecord } from 'react-admin'
import { Box, Card, CardContent, CardHeader, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { auditActionLabels, type AuditAction } from '../../shared/adminContract.ts'
import { useCan } from '../common/hooks.ts'

export const formatValue = (value: unknown) => (value == null || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value))

/** "Created", "Failed sign-in"…; an action the UI does not know yet shows as stored. */
export const actionLabel = (action: unknown) => auditActionLabels[action as AuditAction] ?? String(action ?? '')

/** An update shows before → after; a creation, deletion or sign-in event shows the values alone. */
export function ChangesList({ changes, action }: { changes: Record<string, [unknown, unknown]> | null | undefined; action?: string }) {
  const entries = Object.entries(changes ?? {})
  if (!entries.length) return <span>—</span>
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {entries.map(([field, [before, after]]) => (
        <li key={field}>
          <strong>{field}</strong>: {action === 'update' ? `${formatValue(before)} → ${formatValue(after)}` : formatValue(action === 'delete' ? before : after)}
        </li>
      ))}
    </Box>
  )
}

/** When an entry was written: the full date and time, to the second. */
export const AuditTime = ({ record }: { record?: RaRecord }) => (
  <DateField record={record} source="created_at" showTime options={{ dateStyle: 'medium', timeStyle: 'medium' }} />
)

/** Who acted, by name (nobody for a failed sign-in). */
export const AuditUser = ({ record }: { record?: RaRecord }) => (
  <ReferenceField record={record} source="user_id" reference="users" link={false} emptyText="—">
    <TextField source="name" />
  </ReferenceField>
)

export function AuditLogPanel({ resource: given }: { resource?: string }) {
  const record = useRecordContext()
  const resource = useResourceContext({ resource: given })
  const { can } = useCan()
  const enabled = Boolean(record?.id && resource && can('audit-logs', 'list'))
  const { data, total, isPending, error } = useGetList(
    'audit-logs',
    { filter: { resource, record_id: record?.id }, sort: { field: 'created_at', order: 'DESC' }, pagination: { page: 1, perPage: 50 } },
    { enabled },
  )
  if (!enabled) return null
  return (
    <Card sx={{ mt: 2 }} component="section" aria-label="Audit log">
      <CardHeader title="Audit log" subheader={total != null ? `${total} change${total === 1 ? '' : 's'}` : undefined} />
      <CardContent>
        {isPending ? (
          <Typography>Loading…</Typography>
        ) : error ? (
          <Typography color="error">The audit log could not be loaded.</Typography>
        ) : !data?.length ? (
          <Typography color="text.secondary">No changes recorded.</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Changes</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>
                    <AuditTime record={entry} />
                  </TableCell>
                  <TableCell>
                    <AuditUser record={entry} />
                  </TableCell>
                  <TableCell>{actionLabel(entry.action)}</TableCell>
                  <TableCell>
                    <ChangesList changes={entry.changes} action={entry.action} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}
