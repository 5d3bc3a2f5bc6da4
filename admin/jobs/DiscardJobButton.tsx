// Discard: a queued or failed job is deleted (audited on the server), after a confirmation.
// Shown only on those jobs and only to roles that may delete jobs.
import { useState } from 'react'
import { Button, Confirm, useNotify, useRecordContext, useRedirect } from 'react-admin'
import DeleteIcon from '@mui/icons-material/DeleteOutline'
import { errorMessage, useCan } from '../common/hooks.ts'
import { discardJob } from '../monitoring/api.ts'

export function DiscardJobButton() {
  const record = useRecordContext()
  const { can } = useCan()
  const notify = useNotify()
  const redirect = useRedirect()
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  if (!record || !['queued', 'failed'].includes(String(record.state)) || !can('jobs', 'delete')) return null
  const discard = async () => {
    setPending(true)
    try {
      await discardJob(record.id)
      notify(`Job #${record.id} was discarded; the audit log keeps what it was.`, { type: 'success' })
      redirect('list', 'jobs')
    } catch (error) {
      notify(errorMessage(error, 'The job could not be discarded.'), { type: 'error' })
    } finally {
      setPending(false)
      setOpen(false)
    }
  }
  return (
    <>
      <Button label="Discard" onClick={() => setOpen(true)} disabled={pending} color="error">
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={`Discard job #${record.id}?`}
        content={`The ${String(record.type)} job will not run. This cannot be undone; the audit log keeps a copy.`}
        confirm="Discard"
        onConfirm={() => void discard()}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
