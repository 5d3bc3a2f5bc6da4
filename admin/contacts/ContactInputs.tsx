import {
  ArrayInput,
  AutocompleteInput,
  DateTimeInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextArrayInput,
  TextInput,
  email,
  required,
} from 'react-admin'
import { Box, Divider, Typography } from '@mui/material'
import { contactStatusChoices, emailTypeChoices, phoneTypeChoices } from '../choices.ts'
import { OwnerInput } from '../common/Owner.tsx'

const row = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' }

export function ContactInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 800, display: 'grid', gap: 1 }}>
      <Box sx={row}>
        <TextInput source="first_name" validate={required()} />
        <TextInput source="last_name" />
      </Box>
      <Box sx={row}>
        <TextInput source="title" />
        <ReferenceInput source="company_id" reference="companies" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput label="Company" optionText="name" filterToQuery={(q) => ({ q })} />
        </ReferenceInput>
      </Box>
      <Divider />
      <Typography variant="subtitle2">Emails and phones</Typography>
      <ArrayInput source="emails" label={false}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="email" validate={[required(), email()]} helperText={false} />
          <SelectInput source="type" choices={emailTypeChoices} defaultValue="work" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="phones" label={false}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="number" label="Phone" validate={required()} helperText={false} />
          <SelectInput source="type" choices={phoneTypeChoices} defaultValue="work" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <Divider />
      <Box sx={row}>
        <SelectInput source="status" choices={contactStatusChoices} defaultValue="cold" />
        <OwnerInput />
      </Box>
      <TextArrayInput source="tags" helperText="Press Enter after each tag." />
      <TextInput source="linkedin_url" label="LinkedIn URL" type="url" />
      <TextInput source="background" multiline minRows={3} />
      <Box sx={row}>
        <DateTimeInput source="first_seen" />
        <DateTimeInput source="last_seen" />
      </Box>
    </Box>
  )
}
