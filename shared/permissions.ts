// Who may do what in the staff admin: one pure function used by the Koa server (authoritative:
// every /api/admin route goes through requirePermission) and by the admin UI (hides menus and
// buttons). See docs/decisions/040-admin-auth.md.

export const ROLES = ['admin', 'marketing', 'sales'] as const
export type Role = (typeof ROLES)[number]

export const ADMIN_RESOURCES = [
  'leads',
  'contacts',
  'companies',
  'deals',
  'activities',
  'users',
  'audit-logs',
  'dashboard',
  'content',
  'analytics',
  'demo-data',
  'jobs',
  'redirects',
  'not-found',
  'posts',
  'tags',
] as const
export type AdminResource = (typeof ADMIN_RESOURCES)[number]

// publish: put a post live (or take it down); approve: publish another user's publish request.
export const ADMIN_ACTIONS = ['list', 'show', 'create', 'edit', 'delete', 'export', 'import', 'convert', 'publish', 'approve'] as const
export type AdminAction = (typeof ADMIN_ACTIONS)[number]

const ALL = ADMIN_ACTIONS
const READ_ONLY: readonly AdminAction[] = ['list', 'show']
/** Posts and tags: marketing writes and publishes; approving a publish request is the admin's. */
const PUBLISHING: readonly AdminAction[] = ['list', 'show', 'create', 'edit', 'delete', 'export', 'import', 'publish']
/** Seeing whether demo records are left, and removing them all (admins only). */
const DEMO_DATA: readonly AdminAction[] = ['list', 'delete']
const CRM: readonly AdminResource[] = ['contacts', 'companies', 'deals', 'activities']
/** The job queue: read and export; `edit` is the Retry of a failed job (nothing else changes a job). */
const JOBS: readonly AdminAction[] = ['list', 'show', 'export', 'edit']
/** Resources where even an admin has fewer than every action. */
const ADMIN_LIMITS: Partial<Record<AdminResource, readonly AdminAction[]>> = {
  'audit-logs': READ_ONLY,
  dashboard: READ_ONLY,
  'demo-data': DEMO_DATA,
  jobs: JOBS,
}

/** What each role may do per resource; a resource missing from a role's map is forbidden. */
const GRANTS: Record<Role, Partial<Record<AdminResource, readonly AdminAction[]>>> = {
  // Admins may do everything, except where a resource has its own narrower list.
  admin: Object.fromEntries(ADMIN_RESOURCES.map((r) => [r, ADMIN_LIMITS[r] ?? ALL])),
  sales: {
    dashboard: READ_ONLY,
    leads: ALL,
    ...Object.fromEntries(CRM.map((r) => [r, ALL])),
    posts: READ_ONLY,
    tags: READ_ONLY,
  },
  marketing: {
    dashboard: READ_ONLY,
    leads: ['list', 'show', 'export'],
    content: ALL,
    analytics: ALL,
    redirects: ALL,
    'not-found': ALL,
    posts: PUBLISHING,
    tags: PUBLISHING,
  },
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

export function canAccess(role: Role | string | null | undefined, target: { resource: string; action: string }): boolean {
  if (!isRole(role)) return false
  const grants = GRANTS[role]
  if (!Object.hasOwn(grants, target.resource)) return false
  return (grants[target.resource as AdminResource] as readonly string[]).includes(target.action)
}
