// Title, description and keywords of a city page, composed from the city and the service and
// checked against the limits: a name too long to fit stops the build naming both records.
import { cityLabel, upper, type CatalogEntry } from '../../data/catalog.ts'
import type { SiteData } from '../../data/loadData.ts'
import { lookup, must } from '../../data/lookup.ts'
import { DESCRIPTION_MAX, TITLE_MAX, firstFitting, type Head } from '../_shared/headText.ts'

export function cityHead(entry: CatalogEntry, data: SiteData): Head {
  const brand = data.site.brand.name
  const short = brand.split(' ')[0]
  const at = lookup(data)
  const city = must(at.city, entry.params.city)
  const service = must(at.service, entry.params.service)
  const place = `${city.name}, ${upper(city.stateCode)}`
  const label = cityLabel(service, city)
  const where = `cities.yaml "${city.slug}" + city-services.yaml "${service.id}"`
  return {
    title: firstFitting([`${label} | ${brand}`, `${label} | ${short}`, label], TITLE_MAX, where, 'title'),
    description: firstFitting(
      [
        `${service.name} for ${place} businesses: ${service.metric.value} ${service.metric.label}. Local strategy, CRM-verified reporting and a free quote.`,
        `${service.name} for ${place} businesses, with local strategy, CRM-verified reporting and a free quote from ${brand}.`,
        `${service.name} for ${place} businesses, with a free quote from ${brand}.`,
      ],
      DESCRIPTION_MAX,
      where,
      'description',
    ),
    keywords: [...service.keywords.map((k) => `${k} ${city.name}`), `${service.name.toLowerCase()} ${city.name}`],
  }
}
