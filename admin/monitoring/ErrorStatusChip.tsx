import { Chip } from '@mui/material'
import { useRecordContext } from 'react-admin'

const COLORS = { open: 'error', resolved: 'success', ignored: 'default' } as const

export function ErrorStatusChip() {
  const record = useRecordContext()
  if (!record) return null
  const status = String(record.status) as keyof typeof COLORS
  return <Chip size="small" label={status} color={COLORS[status] ?? 'default'} variant={status === 'open' ? 'filled' : 'outlined'} />
}
