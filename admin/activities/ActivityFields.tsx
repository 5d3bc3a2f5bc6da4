import { FunctionField, ReferenceField, useRecordContext, useNotify, useUpdate, Button } from 'react-admin'
import CheckIcon from '@mui/icons-material/Check'
import { Box } from '@mui/material'
import { errorMessage, useCan } from '../common/hooks.ts'

const contactName = (c: { first_name?: string; last_name?: string }) => `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim()

/** The contact, company or deal an activity belongs to. */
export function LinkedRecords() {
  const record = useRecordContext()
  if (!record) return null
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {record.contact_id != null && (
        <ReferenceField source="contact_id" reference="contacts" link={(r) => `/contacts/${r.id}`}>
          <FunctionField render={contactName} />
        </ReferenceField>
      )}
      {record.company_id != null && <ReferenceField source="company_id" reference="companies" link="show" />}
      {record.deal_id != null && <ReferenceField source="deal_id" reference="deals" link="show" />}
    </Box>
  )
}

/** Marks an open activity done now. */
export function MarkDoneButton() {
  const record = useRecordContext()
  const { can } = useCan()
  const notify = useNotify()
  const [update, { isPending }] = useUpdate()
  if (!record || record.done_at || !can('activities', 'edit')) return null
  return (
    <Button
      label="Done"
      disabled={isPending}
      onClick={(event) => {
        event.stopPropagation()
        update(
          'activities',
          { id: record.id, data: { done_at: new Date().toISOString() }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify('Marked done.', { type: 'success' }),
            onError: (e) => notify(errorMessage(e), { type: 'error' }),
          },
        )
      }}
    >
      <CheckIcon />
    </Button>
  )
}
