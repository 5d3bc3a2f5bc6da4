// The screen a role may not open: the app bar's title (the screen's one h1, docs/decisions/
// 213-admin-headings.md) says "Access denied", and the body says what to do. Shown for a custom
// page through RequireAccess and for a resource's screens through <Admin accessDenied>, in place
// of react-admin's, whose heading was no heading and whose text was drawn at half opacity.
import LockIcon from '@mui/icons-material/Lock'
import { StaffMessage } from './StaffMessage.tsx'

export function StaffAccessDenied() {
  return <StaffMessage title="Access denied" Icon={LockIcon} message="Your role does not open this screen." hint="An admin can change your role under Users." />
}
