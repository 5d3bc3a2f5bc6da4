import type { ReactNode } from 'react'
import { AppBar, Layout, Logout, UserMenu, useUserMenu } from 'react-admin'
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

const AdminAppBar = () => (
  <AppBar
    userMenu={
      <UserMenu>
        <AccountMenuItem />
        <Logout />
      </UserMenu>
    }
  />
)

export function AdminLayout({ children }: { children: ReactNode }) {
  // Nothing else is reachable until a temporary password has been replaced.
  if (mustChangePassword()) return <Navigate to={changePasswordPath} replace />
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar}>
      {children}
    </Layout>
  )
}
