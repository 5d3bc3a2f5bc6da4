// A screen shown only to roles that may open it, by the same canAccess as the menu and the server;
// other roles get the "Access denied" screen instead of the screen failing on its first 403.
import { isValidElement, type ComponentType, type ReactElement, type ReactNode } from 'react'
import { CanAccess, Loading } from 'react-admin'
import { StaffAccessDenied } from './StaffAccessDenied.tsx'

/** `resource`: the resource whose `action` the role needs; inside a <Resource> (its screens and
 * the routes it holds), that resource unless another is named. */
export function RequireAccess({ resource, action = 'list', children }: { resource?: string; action?: string; children: ReactNode }) {
  return (
    <CanAccess resource={resource} action={action} loading={<Loading />} accessDenied={<StaffAccessDenied />}>
      {children}
    </CanAccess>
  )
}

type View = ComponentType | ReactElement
type Views = { list?: View; edit?: View; create?: View; show?: View }

/**
 * A resource's screens, each mounted only once the role may open it (RequireAccess, for the
 * <Resource> they are given to). react-admin's own controllers enable their first request as soon
 * as the access check settles, refused or not: a link to a record the role may not open (a sales
 * user at /admin/users/1) sent a request the server refused, and "You do not have permission to
 * do that." popped up beside the "Access denied" screen. The check's answer is cached, so the
 * screen's own check is instant. The routes a <Resource> holds are wrapped in RequireAccess too.
 */
export function guardViews<T extends Views>(views: T): T {
  const guarded: Views = { ...views }
  for (const action of ['list', 'edit', 'create', 'show'] as const) {
    const View = views[action]
    if (!View) continue
    const Guarded = () => <RequireAccess action={action}>{isValidElement(View) ? View : <View />}</RequireAccess>
    Guarded.displayName = `Guarded(${action})`
    guarded[action] = Guarded
  }
  return guarded as T
}
