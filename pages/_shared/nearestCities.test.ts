import { describe, expect, it } from 'vitest'
import { loadData } from '../../data/loadData.ts'
import type { City } from '../../data/schema.ts'
import { nearestCities, nearestCitiesAllPairs } from './nearestCities.ts'

const slugs = (cities: City[]) => cities.map((c) => c.slug)

/** Every city, every service, several counts: the index answers exactly as all-pairs does. */
function expectSameAnswers(cities: City[], counts = [1, 3, 8]) {
  const services = [...new Set(cities.flatMap((c) => c.services))]
  let compared = 0
  for (const service of services) {
    for (const city of cities) {
      for (const count of counts) {
        expect(slugs(nearestCities(city, cities, service, count)), `${city.slug} ${service} ${count}`).toEqual(
          slugs(nearestCitiesAllPairs(city, cities, service, count)),
        )
        compared++
      }
    }
  }
  return compared
}

const city = (i: number, lat: number, lng: number, services: string[]): City =>
  ({ slug: `city-${i}`, name: `City ${i}`, geo: { lat, lng }, services }) as unknown as City

describe('nearestCities', () => {
  it('matches the all-pairs answer for every city of the real data', () => {
    const { cities } = loadData()
    expect(cities.length).toBeGreaterThanOrEqual(10)
    expect(expectSameAnswers(cities)).toBeGreaterThan(cities.length)
  })

  it('matches the all-pairs answer on a synthetic set full of ties, duplicates and far points', () => {
    // Like bench/build.ts: many cities share one integer grid point, so ties decide the order.
    const grid = Array.from({ length: 900 }, (_, i) => city(i, 25 + (i % 24), -120 + (i % 50), i % 3 ? ['seo', 'ppc'] : ['seo']))
    // Pseudo-random points over the globe, poles and the antimeridian included.
    let seed = 7
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    const spread = Array.from({ length: 500 }, (_, i) =>
      city(900 + i, i % 50 === 0 ? 90 : -90 + random() * 180, i % 40 === 0 ? 180 : -180 + random() * 360, i % 2 ? ['seo'] : ['ppc']),
    )
    // Points symmetric about one city: equal distances computed from different coordinates.
    const ring = [0, 1, 2, 3].map((k) => city(1400 + k, 40 + [1, -1, 0, 0][k], -100 + [0, 0, 1, -1][k], ['seo']))
    const cities = [...grid, ...spread, ...ring, city(1404, 40, -100, ['seo'])]
    expect(expectSameAnswers(cities, [1, 8, 20])).toBe(cities.length * 2 * 3)
  })

  it('returns fewer cities when fewer offer the service, never the city itself', () => {
    const cities = [city(0, 40, -100, ['seo']), city(1, 41, -100, ['seo']), city(2, 42, -100, ['ppc'])]
    expect(slugs(nearestCities(cities[0], cities, 'seo', 8))).toEqual(['city-1'])
    expect(slugs(nearestCities(cities[0], cities, 'web', 8))).toEqual([])
    expect(slugs(nearestCities(cities[2], cities, 'seo', 1))).toEqual(['city-1'])
  })
})
