import { DateField, FunctionField, Labeled, ReferenceArrayField, ReferenceField, Show, SingleFieldList, TextField, ChipField } from 'react-admin'
import { Card, CardContent, Grid } from '@mui/material'
import { ActivityTimeline } from '../activities/ActivityTimeline.tsx'
import { AuditLogPanel } from '../audit/AuditLogPanel.tsx'
import { stageLabel, usd } from '../choices.ts'
import { OwnerField } from '../common/Owner.tsx'
import { ShowActions } from '../common/ShowActions.tsx'

export const DealShow = () => (
  <Show actions={<ShowActions />}>
    <Grid container spacing={2} sx={{ p: 2 }}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <TextField source="name" variant="h5" />
            <Labeled label="Stage">
              <FunctionField render={(r) => stageLabel(r.stage)} />
            </Labeled>
            <Labeled label="Amount">
              <FunctionField render={(r) => usd.format(Number(r.amount ?? 0))} />
            </Labeled>
            <Labeled label="Company">
              <ReferenceField source="company_id" reference="companies" link="show" emptyText="—" />
            </Labeled>
            <Labeled label="Contacts">
              <ReferenceArrayField source="contact_ids" reference="contacts">
                <SingleFieldList linkType={false}>
                  <ChipField source="first_name" size="small" />
                </SingleFieldList>
              </ReferenceArrayField>
            </Labeled>
            <Labeled label="Expected close">
              <DateField source="expected_close" emptyText="—" />
            </Labeled>
            <Labeled label="Owner">
              <OwnerField />
            </Labeled>
            <Labeled label="Created">
              <DateField source="created_at" />
            </Labeled>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <ActivityTimeline target="deal_id" />
        <AuditLogPanel resource="deals" />
      </Grid>
    </Grid>
  </Show>
)
