// The layout of the staff screens that only say something (docs/decisions/213-admin-headings.md,
// 214): the app bar's title (the screen's one h1), an icon, what happened, what to do, and a link
// back to the overview. Used by "Access denied" (StaffAccessDenied) and "Page not found"
// (StaffNotFound).
import type SvgIcon from '@mui/material/SvgIcon'
import { Box, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Title } from 'react-admin'

export function StaffMessage({ title, Icon, message, hint }: { title: string; Icon: typeof SvgIcon; message: ReactNode; hint: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 6, gap: 1 }}>
      <Title title={title} />
      <Icon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <Typography>{message}</Typography>
      <Typography variant="body2" color="text.secondary">
        {hint} <Link to="/">Back to the overview</Link>
      </Typography>
    </Box>
  )
}
