// The side menu: only what the signed-in role may open, by the same canAccess as the server.
import { Menu, usePermissions } from 'react-admin'
import AssignmentIcon from '@mui/icons-material/AssignmentTurnedIn'
import { canAccess } from '../../shared/permissions.ts'
import type { Role } from '../authState.ts'

export function AdminMenu() {
  const { permissions: role } = usePermissions<Role | null>()
  const can = (resource: string, action = 'list') => Boolean(role) && canAccess(role as Role, { resource, action })
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Overview" />
      {can('leads') && <Menu.ResourceItem name="leads" />}
      {can('contacts') && <Menu.ResourceItem name="contacts" />}
      {can('companies') && <Menu.ResourceItem name="companies" />}
      {can('deals') && <Menu.ResourceItem name="deals" />}
      {can('activities') && <Menu.ResourceItem name="activities" />}
      {can('activities') && <Menu.Item to="/activities/my-tasks" primaryText="My tasks" leftIcon={<AssignmentIcon />} />}
      {can('users') && <Menu.ResourceItem name="users" />}
      {can('audit-logs') && <Menu.ResourceItem name="audit-logs" />}
      {can('jobs') && <Menu.ResourceItem name="jobs" />}
      {can('redirects') && <Menu.ResourceItem name="redirects" />}
      {can('not-found') && <Menu.ResourceItem name="not-found" />}
      {can('posts') && <Menu.ResourceItem name="posts" />}
      {can('tags') && <Menu.ResourceItem name="tags" />}
    </Menu>
  )
}
