// A subscriber's or campaign's status as a chip: the word is always shown (colour is never the only signal).
import { Chip } from '@mui/material'
import { useRecordContext } from 'react-admin'

const colors: Record<string, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  subscribed: 'success',
  unconfirmed: 'warning',
  unsubscribed: 'default',
  blocklisted: 'error',
  draft: 'default',
  scheduled: 'info',
  sending: 'info',
  sent: 'success',
  cancelled: 'default',
}

export function StatusChip({ status }: { status?: string }) {
  const record = useRecordContext()
  const value = status ?? (record ? String(record.status) : '')
  if (!value) return null
  return <Chip size="small" label={value} color={colors[value] ?? 'default'} variant={value === 'draft' || value === 'unsubscribed' ? 'outlined' : 'filled'} />
}
