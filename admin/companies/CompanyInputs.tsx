import { NumberInput, SelectInput, TextInput, required } from 'react-admin'
import { Box } from '@mui/material'
import { companySizeChoices } from '../choices.ts'
import { OwnerInput } from '../common/Owner.tsx'

const row = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' }

export function CompanyInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 800, display: 'grid', gap: 1 }}>
      <TextInput source="name" validate={required()} />
      <Box sx={row}>
        <TextInput source="sector" />
        <SelectInput source="size" choices={companySizeChoices} emptyText="Unknown" />
      </Box>
      <Box sx={row}>
        <TextInput source="website" type="url" />
        <TextInput source="phone" />
      </Box>
      <TextInput source="address" />
      <Box sx={row}>
        <TextInput source="city" />
        <TextInput source="state" />
      </Box>
      <Box sx={row}>
        <NumberInput source="revenue" label="Annual revenue (USD)" min={0} />
        <OwnerInput />
      </Box>
      <TextInput source="description" multiline minRows={3} />
    </Box>
  )
}
