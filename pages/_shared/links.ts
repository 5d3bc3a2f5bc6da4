// Internal links between pages: the link text is the target's catalog label, and a link to a
// URL that is not a page stops the build naming the data file and field.
import type { CatalogEntry } from '../../data/catalog.ts'
import { DataError } from '../../data/loadData.ts'
import type { Link } from '../../templates/types.ts'
import type { SiteContext } from './siteContext.ts'

export function linkTo(ctx: SiteContext, url: string, file: string, field: string): Link {
  const entry = ctx.catalog.byUrl.get(url.split('#')[0] || '/')
  if (!entry) throw new DataError(file, [{ path: field, message: `an internal URL that exists (${url} is not a page)` }])
  return { label: entry.label, href: url }
}

/** Links to catalog entries, labelled as the catalog labels them. */
export const linksOf = (entries: CatalogEntry[]): Link[] => entries.map((e) => ({ label: e.label, href: e.url }))

/** The `count` pages after this one in its family (wrapping around), aliases left out. */
export function siblingsOf(ctx: SiteContext, entry: CatalogEntry, count: number): Link[] {
  const list = ctx.catalog.ofFamily(entry.family).filter((e) => !e.isAlias)
  const at = list.findIndex((e) => e.url === entry.canonical)
  return linksOf(Array.from({ length: Math.min(count, list.length - 1) }, (_, i) => list[(at + 1 + i) % list.length]))
}
