// Breadcrumbs: Home, the hub page of the family (when it is not the page itself), the page.
import type { CatalogEntry } from '../../data/catalog.ts'
import type { Crumb } from '../../templates/types.ts'

export function breadcrumbs(entry: CatalogEntry, hub?: Crumb): Crumb[] {
  return [{ name: 'Home', url: '/' }, ...(hub && hub.url !== entry.canonical ? [hub] : []), { name: entry.label, url: entry.canonical }]
}

/** The hub pages families link up to. */
export const hubs = {
  locations: { name: 'Locations', url: '/locations' },
  integrations: { name: 'Integrations', url: '/integrations' },
  apiIntegration: { name: 'API integration', url: '/services/api-integration' },
  mortgage: { name: 'Mortgage marketing', url: '/mortgage-marketing-agency' },
  services: { name: 'Services', url: '/services' },
  blog: { name: 'Blog', url: '/blog' },
  faq: { name: 'FAQ', url: '/faq' },
  caseStudies: { name: 'Case Studies', url: '/case-studies' },
  careers: { name: 'Careers', url: '/careers' },
} satisfies Record<string, Crumb>
