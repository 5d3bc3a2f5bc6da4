import type { City } from '../../data/schema.ts'

/** The `count` cities nearest to `city` (great-circle distance) that offer `service`. */
export function nearestCities(city: City, cities: City[], service: string, count: number): City[] {
  const rad = Math.PI / 180
  const distance = (other: City) => {
    const dLat = (other.geo.lat - city.geo.lat) * rad
    const dLng = (other.geo.lng - city.geo.lng) * rad
    const a = Math.sin(dLat / 2) ** 2 + Math.cos(city.geo.lat * rad) * Math.cos(other.geo.lat * rad) * Math.sin(dLng / 2) ** 2
    return Math.atan2(Math.sqrt(a), Math.sqrt(1 - a))
  }
  const best: { city: City; d: number }[] = []
  for (const other of cities) {
    if (other.slug === city.slug || !other.services.includes(service)) continue
    const d = distance(other)
    if (best.length === count && d >= best[count - 1].d) continue
    best.push({ city: other, d })
    best.sort((a, b) => a.d - b.d)
    if (best.length > count) best.pop()
  }
  return best.map((b) => b.city)
}
