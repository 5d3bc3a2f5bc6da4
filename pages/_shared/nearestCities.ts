// Nearest cities for the "other cities" links of a city page. A 10,000-city build asks this once
// per page, so comparing every city with every other one made the build quadratic (29% of the
// pre-render CPU). Instead, a k-d tree over the cities' unit vectors is built once per city list
// and service, and each query visits only the few leaves that can hold one of the nearest cities.
// The answer is exactly the all-pairs one: the same distance formula ranks the candidates, and
// ties keep the data file's order (nearestCities.test.ts checks every real city and a synthetic set).
import type { City } from '../../data/schema.ts'

const rad = Math.PI / 180

/** Half the central angle between two cities (haversine). The ranking uses only this value. */
function halfAngle(city: City, other: City) {
  const dLat = (other.geo.lat - city.geo.lat) * rad
  const dLng = (other.geo.lng - city.geo.lng) * rad
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(city.geo.lat * rad) * Math.cos(other.geo.lat * rad) * Math.sin(dLng / 2) ** 2
  return Math.atan2(Math.sqrt(a), Math.sqrt(1 - a))
}

/** The reference answer: every city compared with every other one, O(n) per query. */
export function nearestCitiesAllPairs(city: City, cities: City[], service: string, count: number): City[] {
  const best: { city: City; d: number }[] = []
  for (const other of cities) {
    if (other.slug === city.slug || !other.services.includes(service)) continue
    const d = halfAngle(city, other)
    if (best.length === count && d >= best[count - 1].d) continue
    best.push({ city: other, d })
    best.sort((a, b) => a.d - b.d)
    if (best.length > count) best.pop()
  }
  return best.map((b) => b.city)
}

type Node = {
  /** Bounding box of the node's points (unit vectors). */
  min: [number, number, number]
  max: [number, number, number]
  /** A leaf holds point indexes; an inner node two children. */
  items?: number[]
  left?: Node
  right?: Node
}

type Tree = { cities: City[]; order: number[]; xyz: Float64Array; root: Node | undefined }

const LEAF = 8

function unitVector(city: City, out: Float64Array, at: number) {
  const lat = city.geo.lat * rad
  const lng = city.geo.lng * rad
  out[at] = Math.cos(lat) * Math.cos(lng)
  out[at + 1] = Math.cos(lat) * Math.sin(lng)
  out[at + 2] = Math.sin(lat)
}

function buildNode(items: number[], xyz: Float64Array): Node {
  const min: [number, number, number] = [Infinity, Infinity, Infinity]
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity]
  for (const i of items) {
    for (let k = 0; k < 3; k++) {
      const v = xyz[i * 3 + k]
      if (v < min[k]) min[k] = v
      if (v > max[k]) max[k] = v
    }
  }
  if (items.length <= LEAF) return { min, max, items }
  let axis = 0
  for (let k = 1; k < 3; k++) if (max[k] - min[k] > max[axis] - min[axis]) axis = k
  if (max[axis] === min[axis]) return { min, max, items } // all at one point
  const sorted = [...items].sort((a, b) => xyz[a * 3 + axis] - xyz[b * 3 + axis])
  const half = sorted.length >> 1
  return { min, max, left: buildNode(sorted.slice(0, half), xyz), right: buildNode(sorted.slice(half), xyz) }
}

function buildTree(cities: City[], service: string): Tree {
  // Positions in `cities` of the cities offering the service: ties rank by this position.
  const order: number[] = []
  cities.forEach((c, i) => c.services.includes(service) && order.push(i))
  const xyz = new Float64Array(order.length * 3)
  order.forEach((cityIndex, i) => unitVector(cities[cityIndex], xyz, i * 3))
  const root = order.length ? buildNode([...order.keys()], xyz) : undefined
  return { cities, order, xyz, root }
}

/** Squared distance from a point to a box (0 inside). */
function boxDistance2(node: Node, p: Float64Array) {
  let sum = 0
  for (let k = 0; k < 3; k++) {
    const v = p[k]
    const d = v < node.min[k] ? node.min[k] - v : v > node.max[k] ? v - node.max[k] : 0
    sum += d * d
  }
  return sum
}

/** Trees per city list (the site data's array lives for the whole build) and per service. */
const trees = new WeakMap<City[], Map<string, Tree>>()

function treeFor(cities: City[], service: string): Tree {
  let byService = trees.get(cities)
  if (!byService) trees.set(cities, (byService = new Map()))
  let tree = byService.get(service)
  if (!tree) byService.set(service, (tree = buildTree(cities, service)))
  return tree
}

/** The `count` cities nearest to `city` (great-circle distance) that offer `service`; equally
 * distant cities keep their order in `cities`. The list must not change between calls. */
export function nearestCities(city: City, cities: City[], service: string, count: number): City[] {
  const tree = treeFor(cities, service)
  if (!tree.root || count <= 0) return []
  const p = new Float64Array(3)
  unitVector(city, p, 0)
  // The best so far, sorted by (distance, position in `cities`).
  const best: { d: number; index: number }[] = []
  /** The squared chord beyond which no point can enter `best`, with a margin for rounding. The
   * chord c of a half angle d is 2 sin d, so c² = 4 sin² d. */
  let bound = Infinity
  const consider = (i: number) => {
    const index = tree.order[i]
    const other = tree.cities[index]
    if (other.slug === city.slug) return
    const d = halfAngle(city, other)
    if (best.length === count) {
      const last = best[count - 1]
      if (d > last.d || (d === last.d && index > last.index)) return
    }
    let at = best.length
    while (at > 0 && (best[at - 1].d > d || (best[at - 1].d === d && best[at - 1].index > index))) at--
    best.splice(at, 0, { d, index })
    if (best.length > count) best.pop()
    if (best.length === count) {
      const s = Math.sin(best[count - 1].d)
      bound = 4 * s * s * (1 + 1e-9) + 1e-12
    }
  }
  const visit = (node: Node) => {
    if (boxDistance2(node, p) > bound) return
    if (node.items) {
      for (const i of node.items) consider(i)
      return
    }
    // Nearer child first: the bound shrinks sooner.
    const [first, second] = boxDistance2(node.left!, p) <= boxDistance2(node.right!, p) ? [node.left!, node.right!] : [node.right!, node.left!]
    visit(first)
    visit(second)
  }
  visit(tree.root)
  return best.map((b) => tree.cities[b.index])
}
