// A custom page (a route outside <Resource>) shown only to roles that may list its resource, by
// the same canAccess as the menu and the server; other roles get react-admin's "Access denied"
// screen instead of the page failing on its first 403.
import type { ReactNode } from 'react'
import { CanAccess, Loading } from 'react-admin'
import { StaffAccessDenied } from './StaffAccessDenied.tsx'

export function RequireAccess({ resource, action = 'list', children }: { resource: string; action?: string; children: ReactNode }) {
  return (
    <CanAccess resource={resource} action={action} loading={<Loading />} accessDenied={<StaffAccessDenied />}>
      {children}
    </CanAccess>
  )
}
