// The monitoring resources beside /admin/monitoring: incidents (with staff updates and the leads
// an incident probably cost), maintenance windows, the alert log, and spam review with "Not spam".
import { useEffect, useState } from 'react'
import {
  Button,
  Create,
  DataTable,
  DateField,
  DateTimeInput,
  Edit,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  required,
} from 'react-admin'
import { Alert, Box, Stack, TextField as MuiTextField, Typography } from '@mui/material'
import EventBusyIcon from '@mui/icons-material/EventBusy'
import ReportIcon from '@mui/icons-material/Report'
import NotificationsIcon from '@mui/icons-material/NotificationsActive'
import ReportOffIcon from '@mui/icons-material/ReportOff'
import { AuditLogPanel } from '../audit/AuditLogPanel.tsx'
import { errorMessage, useCan } from '../common/hooks.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { getJson } from './api.ts'
import { formatTime } from './useJson.ts'

// --- Incidents -----------------------------------------------------------------------------
const INCIDENT_STATUS = [
  { id: 'open', name: 'Open' },
  { id: 'resolved', name: 'Resolved' },
]

const IncidentList = () => (
  <List filters={[<SelectInput key="status" source="status" choices={INCIDENT_STATUS} alwaysOn />]} sort={{ field: 'opened_at', order: 'DESC' }}>
    <DataTable bulkActionButtons={false} rowClick="show">
      <DataTable.Col source="title" />
      <DataTable.Col source="status" />
      <DataTable.Col source="opened_at" label="Opened">
        <DateField source="opened_at" showTime />
      </DataTable.Col>
      <DataTable.Col source="closed_at" label="Closed">
        <DateField source="closed_at" showTime emptyText="—" />
      </DataTable.Col>
      <DataTable.Col source="cause" disableSort />
    </DataTable>
  </List>
)

type Updates = {
  updates: Array<{ id: number; body: string; created_at: string; author: string | null; author_email: string | null }>
  impact: { expected: number; actual: number; lost: number; hours: number }
}

function IncidentTimeline() {
  const record = useRecordContext()
  const { can } = useCan()
  const notify = useNotify()
  const refresh = useRefresh()
  const [data, setData] = useState<Updates | null>(null)
  const [body, setBody] = useState('')
  const [error, setError] = useState('')
  const [tick, setTick] = useState(0)
  const id = record?.id
  useEffect(() => {
    if (id == null) return
    getJson<Updates>(`/incidents/${id}/updates`).then(setData, (e: unknown) => setError(errorMessage(e, 'The updates could not be loaded. Reload the page.')))
  }, [id, tick])
  if (!record) return null
  const add = async (event: React.FormEvent) => {
    event.preventDefault()
    try {
      await httpClient(`${apiUrl}/incidents/${record.id}/updates`, {
        method: 'POST',
        body: JSON.stringify({ body }),
        headers: { 'Content-Type': 'application/json' },
      })
      setBody('')
      setTick((t) => t + 1)
      refresh()
    } catch (e) {
      notify(errorMessage(e, 'The update could not be added.'), { type: 'error' })
    }
  }
  return (
    <Stack spacing={2}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {data && (
        <Alert severity={data.impact.lost > 0 ? 'warning' : 'info'}>
          Estimated cost: about {data.impact.lost} lead(s) missing ({data.impact.actual} came in, {data.impact.expected} expected over {data.impact.hours}{' '}
          hour(s) from the same weekday and hours of the previous 4 weeks).
        </Alert>
      )}
      <Typography variant="h6" component="h2">
        Updates
      </Typography>
      {data?.updates.length === 0 && <Typography>No update yet.</Typography>}
      {data?.updates.map((u) => (
        <Box key={u.id} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 2 }}>
          <Typography variant="caption">
            {formatTime(u.created_at)} · {u.author || u.author_email || 'a former user'}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{u.body}</Typography>
        </Box>
      ))}
      {can('incidents', 'edit') && (
        <Stack component="form" onSubmit={(e) => void add(e)} spacing={1} sx={{ maxWidth: 640 }}>
          <MuiTextField label="Add an update" multiline minRows={2} value={body} onChange={(e) => setBody(e.target.value)} />
          <Box>
            <Button type="submit" label="Post update" variant="contained" disabled={!body.trim()} />
          </Box>
        </Stack>
      )}
    </Stack>
  )
}

function IncidentStatusButton() {
  const record = useRecordContext()
  const { can } = useCan()
  const notify = useNotify()
  const refresh = useRefresh()
  if (!record || !can('incidents', 'edit')) return null
  const next = record.status === 'open' ? 'resolved' : 'open'
  const set = async () => {
    try {
      await httpClient(`${apiUrl}/incidents/${record.id}`, {
        method: 'PUT',
        body: JSON.stringify({ status: next }),
        headers: { 'Content-Type': 'application/json' },
      })
      refresh()
    } catch (e) {
      notify(errorMessage(e, 'The incident could not be changed.'), { type: 'error' })
    }
  }
  return <Button label={next === 'resolved' ? 'Mark resolved' : 'Reopen'} onClick={() => void set()} />
}

const IncidentShow = () => (
  <Show
    actions={
      <TopToolbar>
        <IncidentStatusButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="title" />
      <TextField source="status" />
      <DateField source="opened_at" label="Opened" showTime />
      <DateField source="closed_at" label="Closed" showTime emptyText="—" />
      <TextField source="cause" emptyText="—" />
      <IncidentTimeline />
      <AuditLogPanel resource="incidents" />
    </SimpleShowLayout>
  </Show>
)

const IncidentCreate = () => (
  <Create redirect="show">
    <SimpleForm>
      <TextInput source="title" validate={required()} fullWidth helperText="For what no check sees, e.g. “Lead emails delayed”." />
      <TextInput source="cause" multiline fullWidth />
    </SimpleForm>
  </Create>
)

export const incidents = { list: IncidentList, show: IncidentShow, create: IncidentCreate, icon: ReportIcon }

// --- Maintenance windows -------------------------------------------------------------------
const MaintenanceList = () => (
  <List sort={{ field: 'starts_at', order: 'DESC' }}>
    <DataTable bulkActionButtons={false} rowClick="edit">
      <DataTable.Col source="starts_at" label="Starts">
        <DateField source="starts_at" showTime />
      </DataTable.Col>
      <DataTable.Col source="ends_at" label="Ends">
        <DateField source="ends_at" showTime />
      </DataTable.Col>
      <DataTable.Col source="note" disableSort />
    </DataTable>
  </List>
)

const MaintenanceForm = () => (
  <SimpleForm>
    <Typography variant="body2">While a window runs, alerts are kept in the admin instead of being sent. Checks and incidents are still recorded.</Typography>
    <DateTimeInput source="starts_at" label="Starts" validate={required()} />
    <DateTimeInput source="ends_at" label="Ends" validate={required()} helperText="At most 7 days after the start." />
    <TextInput source="note" fullWidth helperText="What is being done, e.g. “Database upgrade”." />
  </SimpleForm>
)

export const maintenanceWindows = {
  list: MaintenanceList,
  create: () => (
    <Create redirect="list">
      <MaintenanceForm />
    </Create>
  ),
  edit: () => (
    <Edit redirect="list" mutationMode="pessimistic">
      <MaintenanceForm />
    </Edit>
  ),
  icon: EventBusyIcon,
}

// --- Alert log -----------------------------------------------------------------------------
const DELIVERY = ['queued', 'sent', 'failed', 'admin-only', 'muted', 'limited'].map((id) => ({ id, name: id }))

const AlertList = () => (
  <List
    filters={[<SelectInput key="delivery" source="delivery" choices={DELIVERY} alwaysOn />, <TextInput key="kind" source="kind" alwaysOn />]}
    sort={{ field: 'created_at', order: 'DESC' }}
  >
    <DataTable bulkActionButtons={false} rowClick="show">
      <DataTable.Col source="created_at" label="When">
        <DateField source="created_at" showTime />
      </DataTable.Col>
      <DataTable.Col source="kind" />
      <DataTable.Col source="subject" disableSort />
      <DataTable.Col source="delivery" />
      <DataTable.Col source="last_error" label="Last error" disableSort>
        <FunctionField render={(r) => r.last_error ?? '—'} />
      </DataTable.Col>
    </DataTable>
  </List>
)

const AlertShow = () => (
  <Show>
    <SimpleShowLayout>
      <DateField source="created_at" label="When" showTime />
      <TextField source="kind" />
      <TextField source="subject" />
      <FunctionField label="Text" render={(r) => <Typography sx={{ whiteSpace: 'pre-wrap' }}>{r.body}</Typography>} />
      <TextField source="delivery" />
      <TextField source="email_status" label="Email" emptyText="—" />
      <TextField source="webhook_status" label="Webhook" emptyText="—" />
      <TextField source="last_error" label="Last error" emptyText="—" />
    </SimpleShowLayout>
  </Show>
)

export const alerts = { list: AlertList, show: AlertShow, icon: NotificationsIcon }

// --- Spam review ---------------------------------------------------------------------------
function NotSpamButton() {
  const record = useRecordContext()
  const { can } = useCan()
  const notify = useNotify()
  const refresh = useRefresh()
  const [pending, setPending] = useState(false)
  if (!record || !record.is_spam || !can('spam-review', 'edit')) return null
  const release = async () => {
    setPending(true)
    try {
      await httpClient(`${apiUrl}/spam-review/${record.id}/not-spam`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })
      notify('Marked not spam: it is now a lead, and its notification is on its way to the team.', { type: 'success' })
      refresh()
    } catch (e) {
      notify(errorMessage(e, 'It could not be marked not spam.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }
  return <Button label="Not spam" onClick={() => void release()} disabled={pending} />
}

const REASONS = ['honeypot', 'too-fast', 'missing-token', 'invalid-token', 'expired-token', 'reused-token'].map((id) => ({ id, name: id }))

const SpamList = () => (
  <List
    filters={[
      <TextInput key="q" source="q" label="Search" alwaysOn />,
      <SelectInput key="spam_reason" source="spam_reason" label="Reason" choices={REASONS} alwaysOn />,
    ]}
    sort={{ field: 'created_at', order: 'DESC' }}
  >
    <DataTable bulkActionButtons={false} rowClick="show">
      <DataTable.Col source="created_at" label="Received">
        <DateField source="created_at" showTime />
      </DataTable.Col>
      <DataTable.Col source="kind" />
      <DataTable.Col source="email" />
      <DataTable.Col source="name" />
      <DataTable.Col source="spam_reason" label="Flagged as" />
      <DataTable.Col source="message" disableSort>
        <FunctionField render={(r) => String(r.message ?? '').slice(0, 80)} />
      </DataTable.Col>
      <DataTable.Col label="" disableSort>
        <NotSpamButton />
      </DataTable.Col>
    </DataTable>
  </List>
)

const SpamShow = () => (
  <Show
    actions={
      <TopToolbar>
        <NotSpamButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <DateField source="created_at" label="Received" showTime />
      <TextField source="kind" />
      <TextField source="spam_reason" label="Flagged as" emptyText="not flagged (released)" />
      <TextField source="name" />
      <TextField source="email" />
      <TextField source="phone" />
      <TextField source="company" />
      <TextField source="message" />
      <TextField source="source" />
      <TextField source="landing_page" label="Landing page" />
    </SimpleShowLayout>
  </Show>
)

export const spamReview = { list: SpamList, show: SpamShow, icon: ReportOffIcon }
