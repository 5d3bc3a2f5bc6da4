// The screen a role may not open: the app bar's title (the screen's one h1, docs/decisions/
// 213-admin-headings.md) says "Access denied", and the body says what to do. Shown for a custom
// page through RequireAccess and for a resource's screens through <Admin accessDenied>, in place
// of react-admin's, whose heading was no heading and whose text was drawn at half opacity.
import LockIcon from '@mui/icons-material/Lock'
import { Box, Typography } from '@mui/material'
import { Link } from 'react-router-dom'
import { Title } from 'react-admin'

export function StaffAccessDenied() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 6, gap: 1 }}>
      <Title title="Access denied" />
      <LockIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <Typography>Your role does not open this screen.</Typography>
      <Typography variant="body2" color="text.secondary">
        An admin can change your role under Users. <Link to="/">Back to the overview</Link>
      </Typography>
    </Box>
  )
}
