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
  'attribution',
  'demo-data',
  'jobs',
  'redirects',
  'not-found',
  'posts',
  'tags',
  'monitoring',
  'error-groups',
  'incidents',
  'maintenance-windows',
  'alerts',
  'spam-review',
  'cms',
  'syndication',
  'trends',
  'blog-generator',
  'subscribers',
  'newsletter-lists',
  'newsletter-campaigns',
  'newsletter-settings',
  'social-media',
  'social-accounts',
  'blog-migration',
  'privacy',
] as const
export type AdminResource = (typeof ADMIN_RESOURCES)[number]

// publish: put a post live (or take it down); approve: publish another user's publish request.
export const ADMIN_ACTIONS = ['list', 'show', 'create', 'edit', 'delete', 'export', 'import', 'convert', 'publish', 'approve'] as const
export type AdminAction = (typeof ADMIN_ACTIONS)[number]

/** Every action of a record resource; publish and approve belong to posts, tags and social posts only. */
const ALL: readonly AdminAction[] = ADMIN_ACTIONS.filter((a) => a !== 'publish' && a !== 'approve')
const READ_ONLY: readonly AdminAction[] = ['list', 'show']
/** Posts and tags: marketing writes and publishes; approving a publish request is the admin's. */
const PUBLISHING: readonly AdminAction[] = ['list', 'show', 'create', 'edit', 'delete', 'export', 'import', 'publish']
/** Seeing whether demo records are left, and removing them all (admins only). */
const DEMO_DATA: readonly AdminAction[] = ['list', 'delete']
const CRM: readonly AdminResource[] = ['contacts', 'companies', 'deals', 'activities']
/** The job queue: read and export; `edit` is the Retry of a failed job (nothing else changes a job). */
const JOBS: readonly AdminAction[] = ['list', 'show', 'export', 'edit', 'delete']
/** Monitoring (issue 14): `edit` on error groups is resolve/ignore; on alerts, the settings and the test. */
const ERROR_GROUPS: readonly AdminAction[] = ['list', 'show', 'export', 'edit']
const INCIDENTS: readonly AdminAction[] = ['list', 'show', 'export', 'create', 'edit']
const ALERTS: readonly AdminAction[] = ['list', 'show', 'export', 'edit']
/** Spam review: see flagged submissions; `edit` is "not spam". */
const SPAM_REVIEW: readonly AdminAction[] = ['list', 'show', 'edit']
/** Trends: read; `edit` is hiding a term; `import` uploads or replaces a Search Console CSV, `delete` removes one. */
const TRENDS: readonly AdminAction[] = ['list', 'show', 'edit', 'import', 'delete']
/** Blog generator: read the briefs; `create` turns a brief into a draft post; `edit` is the language-model provider settings and test (admins only). */
const BLOG_GENERATOR: readonly AdminAction[] = ['list', 'show', 'create', 'edit']
/** The mail provider's state and its connection test (edit = run the test; the settings come from the environment). */
const MAIL_SETTINGS: readonly AdminAction[] = ['list', 'show', 'edit']
/** Blog migration (issue 12): upload (create), dry run, import, provide missing images and re-check (edit), CSV (export). */
const BLOG_MIGRATION: readonly AdminAction[] = ['list', 'show', 'create', 'edit', 'import', 'export']
/** A person's data by email (issue 13): look up, export, erase. Admins only (decision 127). */
const PRIVACY: readonly AdminAction[] = ['list', 'show', 'export', 'delete']
/** Resources where an admin's actions are not ALL: fewer, or (posts, tags) publish and approve too. */
const ADMIN_LIMITS: Partial<Record<AdminResource, readonly AdminAction[]>> = {
  posts: ADMIN_ACTIONS,
  tags: ADMIN_ACTIONS,
  // Social posts: publish = schedule; approve = a marketing user's post when approvals are on.
  'social-media': ADMIN_ACTIONS,
  'audit-logs': READ_ONLY,
  dashboard: READ_ONLY,
  'demo-data': DEMO_DATA,
  jobs: JOBS,
  monitoring: READ_ONLY,
  'error-groups': ERROR_GROUPS,
  incidents: INCIDENTS,
  alerts: ALERTS,
  'spam-review': SPAM_REVIEW,
  trends: TRENDS,
  'blog-generator': BLOG_GENERATOR,
  attribution: ['list', 'show', 'export'],
  'newsletter-settings': MAIL_SETTINGS,
  'blog-migration': BLOG_MIGRATION,
  privacy: PRIVACY,
}

/** What each role may do per resource; a resource missing from a role's map is forbidden. */
const GRANTS: Record<Role, Partial<Record<AdminResource, readonly AdminAction[]>>> = {
  // Admins may do everything, except where a resource has its own narrower list.
  admin: Object.fromEntries(ADMIN_RESOURCES.map((r) => [r, ADMIN_LIMITS[r] ?? ALL])),
  sales: {
    dashboard: READ_ONLY,
    // Attribution of leads (never the traffic screens): read only.
    attribution: READ_ONLY,
    leads: ALL,
    // The page inventory of /admin/cms: read and export, no overrides.
    cms: ['list', 'show', 'export'],
    ...Object.fromEntries(CRM.map((r) => [r, ALL])),
    posts: READ_ONLY,
    tags: READ_ONLY,
    'spam-review': SPAM_REVIEW,
  },
  marketing: {
    dashboard: READ_ONLY,
    leads: ['list', 'show', 'export'],
    content: ALL,
    analytics: ALL,
    attribution: ['list', 'show', 'export'],
    redirects: ALL,
    'not-found': ALL,
    posts: PUBLISHING,
    tags: PUBLISHING,
    monitoring: READ_ONLY,
    'error-groups': READ_ONLY,
    incidents: READ_ONLY,
    trends: TRENDS,
    // Briefs and drafts, not the provider settings (docs/decisions/134-blog-generator.md).
    'blog-generator': ['list', 'show', 'create'],
    cms: ALL,
    syndication: ALL,
    subscribers: ALL,
    'newsletter-lists': ALL,
    'newsletter-campaigns': ALL,
    'newsletter-settings': MAIL_SETTINGS,
    'social-media': PUBLISHING,
    'social-accounts': ALL,
    'blog-migration': BLOG_MIGRATION,
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
