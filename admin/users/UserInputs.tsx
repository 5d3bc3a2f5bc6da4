import { BooleanInput, SelectInput, TextInput, email, required } from 'react-admin'
import { Box } from '@mui/material'
import { roleChoices } from '../choices.ts'

export function UserInputs({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 560, display: 'grid', gap: 1 }}>
      <TextInput source="email" validate={[required(), email()]} disabled={mode === 'edit'} />
      <TextInput source="name" validate={required()} />
      <SelectInput source="role" choices={roleChoices} validate={required()} defaultValue="sales" />
      {mode === 'edit' && <BooleanInput source="disabled" helperText="A disabled user cannot sign in; their sessions end." />}
    </Box>
  )
}
