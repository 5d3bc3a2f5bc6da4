import type { ReactNode } from 'react'
import { AppBar, AppBarClasses, Layout, Logout, TitlePortal, UserMenu, useUserMenu } from 'react-admin'
import { Link, Navigate } from 'react-router-dom'
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material'
import KeyIcon from '@mui/icons-material/Key'
import { changePasswordPath, mustChangePassword } from '../authProvider.ts'
import { AdminMenu } from './AdminMenu.tsx'

function AccountMenuItem() {
  const { onClose } = useUserMenu() ?? {}
  return (
    <MenuItem component={Link} to="/account" onClick={onClose}>
      <ListItemIcon>
        <KeyIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>My account</ListItemText>
    </MenuItem>
  )
}

/**
 * The app bar's title is each screen's one h1 (docs/decisions/213-admin-headings.md): react-admin
 * draws it as an h6-sized span, so the lists, forms and records had no heading to jump to. Every
 * screen sets it with <Title>; the headings inside the screens start at h2. The bar stays in place
 * on scroll (alwaysOn): react-admin's default slid it away, hidden, and the h1 with it.
 */
const AdminAppBar = () => (
  <AppBar
    alwaysOn
    userMenu={
      <UserMenu>
        <AccountMenuItem />
        <Logout />
      </UserMenu>
    }
  >
    <TitlePortal component="h1" className={AppBarClasses.title} />
  </AppBar>
)

/**
 * A table wider than the window scrolls inside its own card, not the whole page: react-admin's
 * layout is `min-width: fit-content` and its flex items keep `min-width: auto`, so one wide table
 * (the leads list, the per-page analytics) widened the page past the app bar, and the charts of
 * the same screen, sized to their container, were drawn wider than the window with it.
 */
const containWideContent = {
  minWidth: 0,
  '& .RaLayout-content, & .RaLayout-content > *, & .RaList-main': { minWidth: 0 },
  '& .RaDataTable-tableWrapper, & .RaDatagrid-tableWrapper': { overflowX: 'auto' },
} as const

export function AdminLayout({ children }: { children: ReactNode }) {
  // Nothing else is reachable until a temporary password has been replaced.
  if (mustChangePassword()) return <Navigate to={changePasswordPath} replace />
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar} sx={containWideContent}>
      {children}
    </Layout>
  )
}
