import {
  AutocompleteArrayInput,
  AutocompleteInput,
  DateInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
} from 'react-admin'
import { Box } from '@mui/material'
import { dealStageChoices } from '../choices.ts'
import { OwnerInput } from '../common/Owner.tsx'

const row = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' }
const contactName = (c: { first_name?: string; last_name?: string }) => `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim()

export function DealInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 800, display: 'grid', gap: 1 }}>
      <TextInput source="name" validate={required()} />
      <Box sx={row}>
        <ReferenceInput source="company_id" reference="companies" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput label="Company" optionText="name" filterToQuery={(q) => ({ q })} />
        </ReferenceInput>
        <ReferenceArrayInput source="contact_ids" reference="contacts">
          <AutocompleteArrayInput label="Contacts" optionText={contactName} filterToQuery={(q) => ({ q })} />
        </ReferenceArrayInput>
      </Box>
      <Box sx={row}>
        <SelectInput source="stage" choices={dealStageChoices} defaultValue="lead" validate={required()} />
        <NumberInput source="amount" label="Amount (USD)" min={0} defaultValue={0} />
      </Box>
      <Box sx={row}>
        <DateInput source="expected_close" label="Expected close" />
        <OwnerInput />
      </Box>
    </Box>
  )
}
