// The screen for an admin address that names no screen (a mistyped or outdated link): the app
// bar's title (the screen's one h1, docs/decisions/213-admin-headings.md) says "Page not found",
// the body shows the address and leads back to the overview. In place of react-admin's, which had
// no heading and drew its text at half opacity (too little contrast for axe).
import SearchOffIcon from '@mui/icons-material/SearchOff'
import { Box, Typography } from '@mui/material'
import { Link, useLocation } from 'react-router-dom'
import { Title } from 'react-admin'

export function StaffNotFound() {
  const { pathname } = useLocation()
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 6, gap: 1 }}>
      <Title title="Page not found" />
      <SearchOffIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <Typography>
        No staff screen has the address <code>/admin{pathname}</code>.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The link may be mistyped or out of date; the menu lists every screen your role opens. <Link to="/">Back to the overview</Link>
      </Typography>
    </Box>
  )
}
