// The screen for an admin address that names no screen (a mistyped or outdated link): the app
// bar's title (the screen's one h1, docs/decisions/213-admin-headings.md) says "Page not found",
// the body shows the address and leads back to the overview. In place of react-admin's, which had
// no heading and drew its text at half opacity (too little contrast for axe).
import SearchOffIcon from '@mui/icons-material/SearchOff'
import { useLocation } from 'react-router-dom'
import { StaffMessage } from './StaffMessage.tsx'

export function StaffNotFound() {
  const { pathname } = useLocation()
  return (
    <StaffMessage
      title="Page not found"
      Icon={SearchOffIcon}
      message={
        <>
          No staff screen has the address <code>/admin{pathname}</code>.
        </>
      }
      hint="The link may be mistyped or out of date; the menu lists every screen your role opens."
    />
  )
}
