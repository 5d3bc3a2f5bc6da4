import { useRecordContext } from 'react-admin'
import { Chip } from '@mui/material'

const colors = { new: 'info', contacted: 'primary', qualified: 'secondary', converted: 'success', lost: 'default' } as const

export function LeadStatusChip() {
  const record = useRecordContext()
  if (!record) return null
  return (
    <>
      <Chip size="small" label={record.status} color={colors[record.status as keyof typeof colors] ?? 'default'} />
      {record.is_spam ? <Chip size="small" label="spam" color="warning" sx={{ ml: 0.5 }} /> : null}
    </>
  )
}
