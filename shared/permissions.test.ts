import { describe, expect, it } from 'vitest'
import { ADMIN_ACTIONS, ADMIN_RESOURCES, canAccess, ROLES } from './permissions.ts'

/** Every action but publishing, which only posts and tags have. */
const ALL = ADMIN_ACTIONS.filter((a) => a !== 'publish' && a !== 'approve')

// The whole matrix, written out: role → resource → allowed actions. Everything else is denied.
const EXPECTED: Record<string, Record<string, string[]>> = {
  admin: {
    leads: [...ALL],
    contacts: [...ALL],
    companies: [...ALL],
    deals: [...ALL],
    activities: [...ALL],
    users: [...ALL],
    'audit-logs': ['list', 'show'],
    dashboard: ['list', 'show'],
    content: [...ALL],
    analytics: [...ALL],
    attribution: ['list', 'show', 'export'],
    'demo-data': ['list', 'delete'],
    jobs: ['list', 'show', 'export', 'edit', 'delete'],
    redirects: [...ALL],
    'not-found': [...ALL],
    posts: [...ADMIN_ACTIONS],
    tags: [...ADMIN_ACTIONS],
    monitoring: ['list', 'show'],
    'error-groups': ['list', 'show', 'export', 'edit'],
    incidents: ['list', 'show', 'export', 'create', 'edit'],
    'maintenance-windows': [...ALL],
    alerts: ['list', 'show', 'export', 'edit'],
    'spam-review': ['list', 'show', 'edit'],
    cms: [...ALL],
    syndication: [...ALL],
    subscribers: [...ALL],
    'newsletter-lists': [...ALL],
    'newsletter-campaigns': [...ALL],
    'newsletter-settings': ['list', 'show', 'edit'],
    trends: ['list', 'show', 'edit', 'import', 'delete'],
    'social-media': [...ADMIN_ACTIONS],
    'social-accounts': [...ALL],
    'blog-migration': ['list', 'show', 'create', 'edit', 'import', 'export'],
    privacy: ['list', 'show', 'export', 'delete'],
    'blog-generator': ['list', 'show', 'create', 'edit'],
  },
  sales: {
    leads: [...ALL],
    contacts: [...ALL],
    companies: [...ALL],
    deals: [...ALL],
    activities: [...ALL],
    dashboard: ['list', 'show'],
    posts: ['list', 'show'],
    tags: ['list', 'show'],
    cms: ['list', 'show', 'export'],
    'spam-review': ['list', 'show', 'edit'],
    attribution: ['list', 'show'],
  },
  marketing: {
    leads: ['list', 'show', 'export'],
    dashboard: ['list', 'show'],
    content: [...ALL],
    analytics: [...ALL],
    attribution: ['list', 'show', 'export'],
    redirects: [...ALL],
    'not-found': [...ALL],
    posts: ['list', 'show', 'create', 'edit', 'delete', 'export', 'import', 'publish'],
    tags: ['list', 'show', 'create', 'edit', 'delete', 'export', 'import', 'publish'],
    monitoring: ['list', 'show'],
    'error-groups': ['list', 'show'],
    incidents: ['list', 'show'],
    cms: [...ALL],
    syndication: [...ALL],
    subscribers: [...ALL],
    'newsletter-lists': [...ALL],
    'newsletter-campaigns': [...ALL],
    'newsletter-settings': ['list', 'show', 'edit'],
    trends: ['list', 'show', 'edit', 'import', 'delete'],
    'social-media': ['list', 'show', 'create', 'edit', 'delete', 'export', 'import', 'publish'],
    'social-accounts': [...ALL],
    'blog-migration': ['list', 'show', 'create', 'edit', 'import', 'export'],
    'blog-generator': ['list', 'show', 'create'],
  },
}

describe('canAccess', () => {
  for (const role of ROLES) {
    for (const resource of ADMIN_RESOURCES) {
      for (const action of ADMIN_ACTIONS) {
        const allowed = EXPECTED[role][resource]?.includes(action) ?? false
        it(`${role} ${allowed ? 'may' : 'may not'} ${action} ${resource}`, () => {
          expect(canAccess(role, { resource, action })).toBe(allowed)
        })
      }
    }
  }

  it('denies unknown roles, resources and actions', () => {
    expect(canAccess(undefined, { resource: 'leads', action: 'list' })).toBe(false)
    expect(canAccess('root', { resource: 'leads', action: 'list' })).toBe(false)
    expect(canAccess('admin', { resource: 'newsletters', action: 'list' })).toBe(false)
    expect(canAccess('admin', { resource: 'no-such-resource', action: 'list' })).toBe(false)
    expect(canAccess('admin', { resource: 'leads', action: 'destroy' })).toBe(false)
    expect(canAccess('admin', { resource: 'constructor', action: 'list' })).toBe(false)
  })
})
