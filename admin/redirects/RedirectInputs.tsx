import { Box } from '@mui/material'
import { BooleanInput, FormDataConsumer, SelectInput, TextInput, required } from 'react-admin'
import { matchChoices, queryChoices, statusChoices } from './choices.ts'

const row = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' }

export function RedirectInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 800, display: 'grid', gap: 1 }}>
      <Box sx={row}>
        <TextInput source="source" label="Old URL" validate={required()} helperText="A path such as /old-page; for a regex, e.g. ^/news/(\d+)/(.*)$" />
        <SelectInput source="match_type" label="Match" choices={matchChoices} validate={required()} />
      </Box>
      <Box sx={row}>
        <SelectInput source="status_code" label="Status" choices={statusChoices} validate={required()} />
        <FormDataConsumer>
          {({ formData }) => (
            <TextInput
              source="target"
              label="New URL"
              disabled={formData.status_code === 410}
              helperText={formData.status_code === 410 ? '410 Gone has no target.' : 'A path (/new-page) or https://…; $1…$9 for regex captures.'}
            />
          )}
        </FormDataConsumer>
      </Box>
      <SelectInput source="query_mode" label="Query string" choices={queryChoices} validate={required()} />
      <Box sx={row}>
        <TextInput source="group" label="Group" />
        <BooleanInput source="enabled" label="Enabled" />
      </Box>
      <TextInput source="note" label="Note" multiline minRows={2} />
      <BooleanInput
        source="confirmHidesPage"
        label="Allow this rule to hide a live page of the site"
        helperText="Only when the page should no longer be reachable."
      />
    </Box>
  )
}
