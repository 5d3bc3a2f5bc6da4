import { DateField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin'
import { AuditLogPanel } from '../audit/AuditLogPanel.tsx'
import { OwnerField } from '../common/Owner.tsx'
import { ShowActions } from '../common/ShowActions.tsx'
import { LinkedRecords, MarkDoneButton } from './ActivityFields.tsx'

export const ActivityShow = () => (
  <Show
    actions={
      <ShowActions>
        <MarkDoneButton />
      </ShowActions>
    }
  >
    <SimpleShowLayout>
      <TextField source="type" />
      <TextField source="subject" />
      <TextField source="body" label="Details" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
      <DateField source="due_at" label="Due" showTime emptyText="—" />
      <DateField source="done_at" label="Done" showTime emptyText="—" />
      <Labeled label="Linked to">
        <LinkedRecords />
      </Labeled>
      <Labeled label="Owner">
        <OwnerField />
      </Labeled>
      <DateField source="created_at" label="Created" showTime />
      <AuditLogPanel resource="activities" />
    </SimpleShowLayout>
  </Show>
)
