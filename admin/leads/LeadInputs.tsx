// Lead form fields: a lead typed in by staff (a phone call) on create; only the workflow fields
// (status, owner, notes, spam flag) on edit, since the submission itself is the visitor's.
import { BooleanInput, SelectInput, TextInput, email, required } from 'react-admin'
import { Box } from '@mui/material'
import { leadKindChoices, leadStatusChoices } from '../choices.ts'
import { OwnerInput } from '../common/Owner.tsx'

export function LeadWorkflowInputs() {
  return (
    <Box sx={{ display: 'grid', gap: 1, width: '100%', maxWidth: 640 }}>
      <SelectInput source="status" choices={leadStatusChoices} validate={required()} />
      <OwnerInput />
      <TextInput source="notes" multiline minRows={3} />
      <BooleanInput source="is_spam" label="Spam" />
    </Box>
  )
}

export function LeadInputs({ mode }: { mode: 'create' | 'edit' }) {
  if (mode === 'edit') return <LeadWorkflowInputs />
  return (
    <Box sx={{ display: 'grid', gap: 1, width: '100%', maxWidth: 640 }}>
      <TextInput source="email" validate={[required(), email()]} />
      <TextInput source="name" />
      <TextInput source="phone" />
      <TextInput source="company" />
      <TextInput source="message" multiline minRows={3} />
      <SelectInput source="kind" choices={leadKindChoices} defaultValue="lead" />
      <TextInput source="source" defaultValue="Phone" />
      <TextInput source="campaign" />
      <SelectInput source="status" choices={leadStatusChoices} defaultValue="new" />
      <OwnerInput />
      <TextInput source="notes" multiline minRows={2} />
    </Box>
  )
}
