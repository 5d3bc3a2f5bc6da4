// /admin/contacts/:id, the contact profile: details, activity timeline, deals, the lead the
// contact came from, and the audit log.
import { JourneyButton } from '../analytics/JourneyButton.tsx'
import {
  ChipField,
  DataTable,
  DateField,
  DeleteButton,
  FunctionField,
  Labeled,
  ReferenceField,
  ReferenceManyField,
  Show,
  TextField,
  TopToolbar,
  UrlField,
  Button,
  useRecordContext,
} from 'react-admin'
import EditIcon from '@mui/icons-material/Edit'
import { Box, Card, CardContent, CardHeader, Grid, Typography } from '@mui/material'
import { Link } from 'react-router-dom'
import { ActivityTimeline } from '../activities/ActivityTimeline.tsx'
import { AuditLogPanel } from '../audit/AuditLogPanel.tsx'
import { stageLabel, usd } from '../choices.ts'
import { OwnerField } from '../common/Owner.tsx'
import { useCan } from '../common/hooks.ts'

function ContactActions() {
  const record = useRecordContext()
  const { can } = useCan()
  if (!record) return null
  return (
    <TopToolbar>
      {can('contacts', 'edit') && (
        <Button component={Link} to={`/contacts/${record.id}/edit`} label="Edit">
          <EditIcon />
        </Button>
      )}
      <JourneyButton leadField="lead_id" />
      <DeleteButton mutationMode="pessimistic" />
    </TopToolbar>
  )
}

const ContactName = () => {
  const r = useRecordContext()
  return r ? (
    <Typography variant="h5" component="h2">
      {`${r.first_name} ${r.last_name ?? ''}`.trim()}
      {r.title && (
        <Typography component="span" color="text.secondary">
          {' '}
          · {r.title}
        </Typography>
      )}
    </Typography>
  ) : null
}

function Details() {
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <ContactName />
        <Labeled label="Company">
          <ReferenceField source="company_id" reference="companies" link="show" emptyText="—" />
        </Labeled>
        <Labeled label="Emails">
          <FunctionField render={(r) => (r.emails?.length ? r.emails.map((e: { email: string; type: string }) => `${e.email} (${e.type})`).join(', ') : '—')} />
        </Labeled>
        <Labeled label="Phones">
          <FunctionField
            render={(r) => (r.phones?.length ? r.phones.map((p: { number: string; type: string }) => `${p.number} (${p.type})`).join(', ') : '—')}
          />
        </Labeled>
        <Labeled label="Status">
          <ChipField source="status" size="small" sx={{ alignSelf: 'flex-start' }} />
        </Labeled>
        <Labeled label="Tags">
          <FunctionField render={(r) => (r.tags?.length ? r.tags.join(', ') : '—')} />
        </Labeled>
        <Labeled label="Owner">
          <OwnerField />
        </Labeled>
        <Labeled label="LinkedIn">
          <UrlField source="linkedin_url" emptyText="—" target="_blank" rel="noopener" />
        </Labeled>
        <Labeled label="Background">
          <TextField source="background" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
        </Labeled>
        <Box sx={{ display: 'flex', gap: 3 }}>
          <Labeled label="First seen">
            <DateField source="first_seen" showTime emptyText="—" />
          </Labeled>
          <Labeled label="Last seen">
            <DateField source="last_seen" showTime emptyText="—" />
          </Labeled>
        </Box>
      </CardContent>
    </Card>
  )
}

function Deals() {
  return (
    <Card sx={{ mt: 2 }} component="section" aria-label="Deals">
      <CardHeader title="Deals" />
      <ReferenceManyField reference="deals" target="contact_ids" sort={{ field: 'created_at', order: 'DESC' }} empty={<CardContent>No deals.</CardContent>}>
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="name" />
          <DataTable.Col source="stage" render={(r) => stageLabel(r.stage)} />
          <DataTable.Col source="amount" render={(r) => usd.format(Number(r.amount ?? 0))} />
          <DataTable.Col source="expected_close" label="Expected close" field={DateField} />
        </DataTable>
      </ReferenceManyField>
    </Card>
  )
}

function SourceLead() {
  const record = useRecordContext()
  const { can } = useCan()
  if (!record?.lead_id || !can('leads', 'show')) return null
  return (
    <Card sx={{ mt: 2 }} component="section" aria-label="Lead">
      <CardHeader title="Came from lead" />
      <CardContent>
        <ReferenceField source="lead_id" reference="leads" link="show">
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <TextField source="email" />
            <Typography variant="body2" color="text.secondary">
              <TextField source="source" /> · <TextField source="campaign" /> · <DateField source="created_at" />
            </Typography>
            <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
          </Box>
        </ReferenceField>
      </CardContent>
    </Card>
  )
}

export const ContactShow = () => (
  <Show resource="contacts" actions={<ContactActions />}>
    <Grid container spacing={2} sx={{ p: 2 }}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Details />
        <SourceLead />
        <Deals />
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <ActivityTimeline target="contact_id" />
        <AuditLogPanel resource="contacts" />
      </Grid>
    </Grid>
  </Show>
)
