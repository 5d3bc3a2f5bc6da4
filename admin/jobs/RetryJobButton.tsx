// Retry: a failed job is queued again at once with a fresh set of attempts (audited on the
// server). Shown only on failed jobs and only to roles that may edit jobs.
import { useState } from 'react'
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin'
import ReplayIcon from '@mui/icons-material/Replay'
import { errorMessage, useCan } from '../common/hooks.ts'
import { retryJob } from './jobApi.ts'

export function RetryJobButton() {
  const record = useRecordContext()
  const { can } = useCan()
  const notify = useNotify()
  const refresh = useRefresh()
  const [pending, setPending] = useState(false)
  if (!record || record.state !== 'failed' || !can('jobs', 'edit')) return null
  const retry = async () => {
    setPending(true)
    try {
      await retryJob(record.id)
      notify('The job is queued again: a server that runs this type of job picks it up at its next look (every few seconds).', { type: 'success' })
      refresh()
    } catch (error) {
      notify(errorMessage(error, 'The job could not be retried.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }
  return (
    <Button label="Retry" onClick={() => void retry()} disabled={pending}>
      <ReplayIcon />
    </Button>
  )
}
