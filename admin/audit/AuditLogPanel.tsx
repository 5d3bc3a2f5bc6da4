// The field-level history of one record (who, when, what changed), on every show page.
import { ReferenceField, TextField, useGetList, useRecordContext, useResourceContext } from 'react-admin'
import { Box, Card, CardContent, CardHeader, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useCan } from '../common/hooks.ts'

export const formatValue = (value: unknown) => (value == null || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value))

export function ChangesList({ changes }: { changes: Record<string, [unknown, unknown]> | null | undefined }) {
  const entries = Object.entries(changes ?? {})
  if (!entries.length) return <span>—</span>
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {entries.map(([field, [before, after]]) => (
        <li key={field}>
          <strong>{field}</strong>: {formatValue(before)} → {formatValue(after)}
        </li>
      ))}
    </Box>
  )
}

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
                  <TableCell>{new Date(entry.created_at).toLocaleString()}</TableCell>
                  <TableCell>
                    <ReferenceField record={entry} source="user_id" reference="users" link={false} emptyText="—">
                      <TextField source="name" />
                    </ReferenceField>
                  </TableCell>
                  <TableCell>{entry.action}</TableCell>
                  <TableCell>
                    <ChangesList changes={entry.changes} />
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
