// A job's state as a chip: the word is always shown (colour is never the only signal).
import { Chip } from '@mui/material'
import { useRecordContext } from 'react-admin'

const colors: Record<string, 'default' | 'info' | 'success' | 'error'> = { queued: 'default', running: 'info', done: 'success', failed: 'error' }

export function JobStateChip() {
  const record = useRecordContext()
  if (!record) return null
  const state = String(record.state)
  return <Chip size="small" label={state} color={colors[state] ?? 'default'} variant={state === 'queued' ? 'outlined' : 'filled'} />
}
