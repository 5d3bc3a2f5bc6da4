// The lead workflow new → contacted → qualified → converted | lost, as one button per allowed
// next step (the transitions come from the shared contract; conversion has its own dialog).
import { Button, useNotify, useRecordContext, useUpdate } from 'react-admin'
import { LEAD_STATUS_TRANSITIONS, type LeadStatus } from '../../shared/adminContract.ts'
import { errorMessage, useCan } from '../common/hooks.ts'

const labels: Record<LeadStatus, string> = {
  new: 'Reopen',
  contacted: 'Mark contacted',
  qualified: 'Mark qualified',
  converted: 'Converted',
  lost: 'Mark lost',
}

export function LeadStatusButtons() {
  const record = useRecordContext()
  const { can } = useCan()
  const notify = useNotify()
  const [update, { isPending }] = useUpdate()
  if (!record || !can('leads', 'edit')) return null
  const next = (LEAD_STATUS_TRANSITIONS[record.status as LeadStatus] ?? []).filter((s) => s !== 'converted')
  return (
    <>
      {next.map((status) => (
        <Button
          key={status}
          label={labels[status]}
          disabled={isPending}
          onClick={() =>
            update(
              'leads',
              { id: record.id, data: { status }, previousData: record },
              {
                mutationMode: 'pessimistic',
                onSuccess: () => notify(`Lead marked ${status}.`, { type: 'success' }),
                onError: (e) => notify(errorMessage(e), { type: 'error' }),
              },
            )
          }
        />
      ))}
    </>
  )
}
