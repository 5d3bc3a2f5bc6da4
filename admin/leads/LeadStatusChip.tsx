import { useRecordContext } from 'react-admin'
import { Box, Chip } from '@mui/material'

const colors = { new: 'info', contacted: 'primary', qualified: 'secondary', converted: 'success', lost: 'default' } as const

export function LeadStatusChip() {
  const record = useRecordContext()
  if (!record) return null
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignSelf: 'flex-start' }}>
      <Chip size="small" label={record.status} color={colors[record.status as keyof typeof colors] ?? 'default'} />
      {record.is_spam ? <Chip size="small" label="spam" color="warning" /> : null}
    </Box>
  )
}
