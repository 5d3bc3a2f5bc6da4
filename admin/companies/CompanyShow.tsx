// A company with its contacts, deals, activity and audit log.
import { DataTable, DateField, FunctionField, Labeled, NumberField, ReferenceManyField, Show, TextField, UrlField } from 'react-admin'
import { Card, CardContent, CardHeader, Grid } from '@mui/material'
import { ActivityTimeline } from '../activities/ActivityTimeline.tsx'
import { AuditLogPanel } from '../audit/AuditLogPanel.tsx'
import { stageLabel, usd } from '../choices.ts'
import { OwnerField } from '../common/Owner.tsx'
import { ShowActions } from '../common/ShowActions.tsx'

export const CompanyShow = () => (
  <Show actions={<ShowActions />}>
    <Grid container spacing={2} sx={{ p: 2 }}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card>
          <CardHeader title={<TextField source="name" variant="h5" />} subheader={<TextField source="sector" emptyText="" />} />
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <Labeled label="Size">
              <TextField source="size" emptyText="—" />
            </Labeled>
            <Labeled label="Website">
              <UrlField source="website" emptyText="—" target="_blank" rel="noopener" />
            </Labeled>
            <Labeled label="Phone">
              <TextField source="phone" emptyText="—" />
            </Labeled>
            <Labeled label="Address">
              <FunctionField render={(r) => [r.address, r.city, r.state].filter(Boolean).join(', ') || '—'} />
            </Labeled>
            <Labeled label="Revenue">
              <NumberField source="revenue" options={{ style: 'currency', currency: 'USD', maximumFractionDigits: 0 }} emptyText="—" />
            </Labeled>
            <Labeled label="Owner">
              <OwnerField />
            </Labeled>
            <Labeled label="Description">
              <TextField source="description" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
            </Labeled>
            <Labeled label="Created">
              <DateField source="created_at" />
            </Labeled>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card component="section" aria-label="Contacts">
          <CardHeader title="Contacts" />
          <ReferenceManyField
            reference="contacts"
            target="company_id"
            sort={{ field: 'last_name', order: 'ASC' }}
            empty={<CardContent>No contacts.</CardContent>}
          >
            <DataTable bulkActionButtons={false} rowClick={(id) => `/contacts/${id}`}>
              <DataTable.Col source="first_name" label="First name" />
              <DataTable.Col source="last_name" label="Last name" />
              <DataTable.Col source="title" />
              <DataTable.Col source="status" />
            </DataTable>
          </ReferenceManyField>
        </Card>
        <Card sx={{ mt: 2 }} component="section" aria-label="Deals">
          <CardHeader title="Deals" />
          <ReferenceManyField reference="deals" target="company_id" sort={{ field: 'created_at', order: 'DESC' }} empty={<CardContent>No deals.</CardContent>}>
            <DataTable bulkActionButtons={false} rowClick="show">
              <DataTable.Col source="name" />
              <DataTable.Col source="stage" render={(r) => stageLabel(r.stage)} />
              <DataTable.Col source="amount" render={(r) => usd.format(Number(r.amount ?? 0))} />
              <DataTable.Col source="expected_close" label="Expected close" field={DateField} />
            </DataTable>
          </ReferenceManyField>
        </Card>
        <ActivityTimeline target="company_id" />
        <AuditLogPanel resource="companies" />
      </Grid>
    </Grid>
  </Show>
)
