import { DateField, Edit, Labeled, NumberField, SimpleForm, useNotify, useRedirect } from 'react-admin'
import { Box } from '@mui/material'
import { RedirectInputs } from './RedirectInputs.tsx'
import { saveNotice } from './saveNotice.ts'

export function RedirectEdit() {
  const notify = useNotify()
  const redirect = useRedirect()
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (record) => {
          notify(saveNotice(record), { type: 'success' })
          redirect('list', 'redirects')
        },
      }}
    >
      <SimpleForm>
        <Box sx={{ display: 'flex', gap: 4, mb: 1 }}>
          <Labeled label="Hits">
            <NumberField source="hits" />
          </Labeled>
          <Labeled label="Last hit">
            <DateField source="last_hit_at" showTime emptyText="never" />
          </Labeled>
          <Labeled label="Created">
            <DateField source="created_at" showTime />
          </Labeled>
        </Box>
        <RedirectInputs />
      </SimpleForm>
    </Edit>
  )
}
