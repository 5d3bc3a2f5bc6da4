// /admin/jobs/:id/show: what the job is (type, payload, key), where it stands (state, attempts,
// next run, lease), its last error in full, Retry when it failed, and its audit log.
import { DateField, FunctionField, Labeled, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin'
import { Box } from '@mui/material'
import { AuditLogPanel } from '../audit/AuditLogPanel.tsx'
import { JobStateChip } from './JobStateChip.tsx'
import { RetryJobButton } from './RetryJobButton.tsx'
import { DiscardJobButton } from './DiscardJobButton.tsx'

const Actions = () => (
  <TopToolbar>
    <RetryJobButton />
    <DiscardJobButton />
  </TopToolbar>
)

function Preformatted({ source }: { source: 'payload' | 'last_error' }) {
  const record = useRecordContext()
  const value = record?.[source]
  if (value == null || value === '') return <>—</>
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  return (
    <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: '0.875rem' }}>
      {text}
    </Box>
  )
}

export const JobShow = () => (
  <Show actions={<Actions />}>
    <SimpleShowLayout>
      <TextField source="id" />
      <TextField source="type" />
      <Labeled label="State">
        <JobStateChip />
      </Labeled>
      <FunctionField label="Attempts" render={(r) => `${r.attempts} of ${r.max_attempts}`} />
      <DateField source="run_at" label="Runs at" showTime />
      <DateField source="finished_at" label="Finished at" showTime emptyText="—" />
      <TextField source="locked_by" label="Held by" emptyText="—" />
      <DateField source="locked_until" label="Lease until" showTime emptyText="—" />
      <TextField source="key" label="Key" emptyText="—" />
      <Labeled label="Last error">
        <Preformatted source="last_error" />
      </Labeled>
      <Labeled label="Payload">
        <Preformatted source="payload" />
      </Labeled>
      <DateField source="created_at" label="Created" showTime />
      <AuditLogPanel resource="jobs" />
    </SimpleShowLayout>
  </Show>
)
