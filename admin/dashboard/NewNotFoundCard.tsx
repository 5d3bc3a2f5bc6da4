// The overview's "New 404s this week" (issue 10): the paths that started failing this week, most
// hits first, each with the same one-click "Create redirect" as the 404 log. Shown to roles that
// may see the 404 log (the server sends an empty list to the others).
import { Card, CardHeader, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { RecordContextProvider } from 'react-admin'
import { Link } from 'react-router-dom'
import type { Dashboard } from '../../shared/adminContract.ts'
import { useCan } from '../common/hooks.ts'
import { CreateRedirectButton } from '../not-found/NotFoundList.tsx'

export function NewNotFoundCard({ rows }: { rows: Dashboard['newNotFound'] }) {
  const { can } = useCan()
  if (!can('not-found', 'list')) return null
  return (
    <Card component="section" aria-label="New 404s this week">
      <CardHeader
        title="New 404s this week"
        subheader="Paths first seen in the last 7 days, hit by people"
        action={<Link to="/not-found">Open the 404 log</Link>}
      />
      {rows.length ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Path</TableCell>
              <TableCell align="right">Hits</TableCell>
              <TableCell>First seen</TableCell>
              {can('redirects', 'create') && <TableCell>Fix</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{row.path}</TableCell>
                <TableCell align="right">{row.hits}</TableCell>
                <TableCell>{new Date(row.first_seen_at).toLocaleDateString()}</TableCell>
                {can('redirects', 'create') && (
                  <TableCell>
                    <RecordContextProvider value={row}>
                      <CreateRedirectButton />
                    </RecordContextProvider>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography sx={{ px: 2, pb: 2 }}>No new broken URLs this week.</Typography>
      )}
    </Card>
  )
}
