import { AutocompleteInput, DateTimeInput, ReferenceInput, SelectInput, TextInput, required } from 'react-admin'
import { Box } from '@mui/material'
import { activityTypeChoices } from '../choices.ts'
import { OwnerInput } from '../common/Owner.tsx'

const row = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' }
const contactName = (c: { first_name?: string; last_name?: string }) => `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim()

export function ActivityInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 800, display: 'grid', gap: 1 }}>
      <Box sx={row}>
        <SelectInput source="type" choices={activityTypeChoices} defaultValue="task" validate={required()} />
        <OwnerInput />
      </Box>
      <TextInput source="subject" validate={required()} />
      <TextInput source="body" label="Details" multiline minRows={3} />
      <Box sx={row}>
        <DateTimeInput source="due_at" label="Due" />
        <DateTimeInput source="done_at" label="Done" />
      </Box>
      <Box sx={{ ...row, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <ReferenceInput source="contact_id" reference="contacts">
          <AutocompleteInput label="Contact" optionText={contactName} filterToQuery={(q) => ({ q })} />
        </ReferenceInput>
        <ReferenceInput source="company_id" reference="companies">
          <AutocompleteInput label="Company" optionText="name" filterToQuery={(q) => ({ q })} />
        </ReferenceInput>
        <ReferenceInput source="deal_id" reference="deals">
          <AutocompleteInput label="Deal" optionText="name" filterToQuery={(q) => ({ q })} />
        </ReferenceInput>
      </Box>
    </Box>
  )
}
