// Records by key, built once per data object: page builders look records up by slug for every
// page, and a linear search per page makes a 10,000-city build quadratic.
import type { SiteData } from './loadData.ts'

type ByKey<T> = Map<string, T>
const byKey = <T>(items: T[], key: (t: T) => string): ByKey<T> => new Map(items.map((t) => [key(t), t]))

function buildLookup(data: SiteData) {
  return {
    city: byKey(data.cities, (c) => c.slug),
    service: byKey(data.cityServices, (s) => s.id),
    state: byKey(data.states, (s) => s.slug),
    tool: byKey(data.hubspotTools, (t) => t.slug),
    servicePage: byKey(data.servicePages, (s) => s.slug),
    page: byKey(data.pages, (p) => p.path),
    post: byKey(data.posts, (p) => p.slug),
    qa: byKey(data.qa, (q) => q.slug),
    caseStudy: byKey(data.caseStudies, (c) => c.slug),
    job: byKey(data.jobs, (j) => j.slug),
    citiesByState: data.cities.reduce((m, c) => m.set(c.state, [...(m.get(c.state) ?? []), c]), new Map<string, SiteData['cities']>()),
  }
}

const cache = new WeakMap<SiteData, ReturnType<typeof buildLookup>>()

export function lookup(data: SiteData) {
  let found = cache.get(data)
  if (!found) cache.set(data, (found = buildLookup(data)))
  return found
}

/** `get` that treats a missing key as a bug in the catalog, with the key in the message. */
export function must<T>(map: Map<string, T>, key: string): T {
  const value = map.get(key)
  if (value === undefined) throw new Error(`No record "${key}"`)
  return value
}
