// The publish receipts of a post (issue 11): every publish, unpublish and approval that ran the
// incremental publisher, as stored by the server: when, what, the result, the files written, the
// time taken, the URLs added, changed and removed, and any check that failed (then nothing went
// live). Read from the post's record, so they survive the editor reloading after an action.
import { Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import type { PostRecord } from './api.ts'
import { ScrollArea } from '../common/ScrollArea.tsx'

const urls = (list: string[]) => (list.length ? list.join(', ') : 'none')

export function PublishReceipts({ receipts }: { receipts: NonNullable<PostRecord['receipts']> }) {
  if (!receipts.length) return null
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6" id="publish-receipts">
          Publish receipts
        </Typography>
        <ScrollArea label="Publish receipts (scrolls)">
          <Table size="small" aria-labelledby="publish-receipts">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Result</TableCell>
                <TableCell align="right">Files written</TableCell>
                <TableCell align="right">Time (ms)</TableCell>
                <TableCell>Added</TableCell>
                <TableCell>Changed</TableCell>
                <TableCell>Removed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {receipts.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{new Date(r.createdAt).toLocaleString()}</TableCell>
                  <TableCell>{r.action}</TableCell>
                  <TableCell>{r.ok ? 'Live' : `Check failed, site unchanged: ${r.failures.join('; ')}`}</TableCell>
                  <TableCell align="right">{r.written.length}</TableCell>
                  <TableCell align="right">{r.durationMs}</TableCell>
                  <TableCell>{urls(r.impact.added)}</TableCell>
                  <TableCell>{r.impact.changed.length} page(s)</TableCell>
                  <TableCell>{urls(r.impact.removed)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollArea>
      </CardContent>
    </Card>
  )
}
