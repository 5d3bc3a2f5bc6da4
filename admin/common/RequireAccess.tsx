// A custom page (a route outside <Resource>) shown only to roles that may list its resource, by
// the same canAccess as the menu and the server; other roles get react-admin's "Access denied"
// screen instead of the page failing on its first 403.
import { isValidElement, type ComponentType, type ReactElement, type ReactNode } from 'react'
import { CanAccess, Loading } from 'react-admin'
import { StaffAccessDenied } from './StaffAccessDenied.tsx'

export function RequireAccess({ resource, action = 'list', children }: { resource: string; action?: string; children: ReactNode }) {
  return (
    <CanAccess resource={resource} action={action} loading={<Loading />} accessDenied={<StaffAccessDenied />}>
      {children}
    </CanAccess>
  )
}

type View = ComponentType | ReactElement
type Views = { list?: View; edit?: View; create?: View; show?: View }

/**
 * A resource's screens, each mounted only once the role may open it, by the same canAccess.
 * react-admin's own controllers enable their first request as soon as the access check settles,
 * refused or not: a link to a record the role may not open (a sales user at /admin/users/1) sent
 * a request the server refused, and "You do not have permission to do that." popped up beside
 * the "Access denied" screen. The check's answer is cached, so the screen's own check is instant.
 */
export function guardViews<T extends Views>(resource: string, views: T): T {
  const guarded: Views = { ...views }
  for (const action of ['list', 'edit', 'create', 'show'] as const) {
    const View = views[action]
    if (!View) continue
    const Guarded = () => (
      <RequireAccess resource={resource} action={action}>
        {isValidElement(View) ? View : <View />}
      </RequireAccess>
    )
    Guarded.displayName = `Guarded(${resource}.${action})`
    guarded[action] = Guarded
  }
  return guarded as T
}
