// Funnels and journeys read from their rollups (docs/decisions/117-funnel-and-journey-rollups.md):
// kept hourly funnel counts plus the session paths of the hours they do not cover; journey groups
// summed, sorted and limited in SQL plus the hours not rolled up. Written by funnelRollups.ts.
import type { Queryable } from '../db/rows.ts'
import { chunk, isSqlite } from '../db/rows.ts'
import { byCode, funnel, funnelResult, globRe, journeyKey, journeyRow, journeysOfSession, likeOf, type FunnelResult, type FunnelStep } from './funnels.ts'
import { computeFunnelHours, funnelKey, runsOutside, stableThrough, touchKey, writeFunnelHours } from './funnelRollups.ts'
import { HOUR_MS } from './ingest.ts'
import { readSessionPaths } from './pageReads.ts'
import { plan, type Range } from './queries.ts'
import { rolledThrough } from './rollup.ts'

/** The parts of `range` outside the whole hours [h0, h1) read from rollups (all of it when there
 * are none), empty parts left out: these are read from session paths. */
function outsideHours(range: Pick<Range, 'from' | 'to'>, h0: number, h1: number): [number, number][] {
  const parts: [number, number][] =
    h1 > h0
      ? [
          [range.from, h0 * HOUR_MS],
          [h1 * HOUR_MS, range.to],
        ]
      : [[range.from, range.to]]
  return parts.filter(([from, to]) => to > from)
}

/** Kept-count writes still running (readFunnel with `background`). */
const keeping = new Set<Promise<void>>()
/** Resolves once every kept-count write started so far has ended (tests, the bench, shutdown). */
export const keptFunnelWrites = async () => {
  await Promise.all([...keeping])
}

/**
 * A funnel over a range: kept hourly counts for the whole stable hours, the missing ones computed
 * from the hours' packed step sequences (decision 187) and kept, the session paths for the rest.
 * Exactly what funnel(readSessionPaths(range)) answers. With `background`, the missing hours'
 * counts are kept after the answer (the first read of an ad hoc funnel does not wait for the write).
 */
export async function readFunnel(
  db: Queryable,
  range: Pick<Range, 'from' | 'to'>,
  steps: FunnelStep[],
  now = Date.now(),
  options: { background?: boolean } = {},
): Promise<FunnelResult> {
  const key = funnelKey(steps)
  const stable = stableThrough(await rolledThrough(db))
  const c0 = Math.ceil(range.from / HOUR_MS)
  const c1 = Math.max(c0, Math.min(Math.floor(range.to / HOUR_MS), stable === null ? c0 : stable + 1, Math.floor(now / HOUR_MS)))
  const counts = steps.map(() => 0)
  if (c1 > c0) {
    await touchKey(db, key, steps, now)
    // Every hour kept (a funnel read before): one sum.
    const sums = [1, 2, 3, 4, 5].map((i) => `sum(reached_${i}) as r${i}`).join(', ')
    const all = (await db('analytics_funnel_hourly')
      .where({ funnel_key: key })
      .andWhere('hour', '>=', c0)
      .andWhere('hour', '<', c1)
      .first(db.raw(`count(*) as n, ${sums}`))) as Record<string, number | string | null> | undefined
    if (Number(all?.n ?? 0) === c1 - c0) {
      steps.forEach((_, i) => (counts[i] += Number(all?.[`r${i + 1}`] ?? 0)))
      return addRest(db, range, steps, c0, c1, counts, now)
    }
    // Otherwise the kept hours one by one, then the others computed: each hour counted once, even
    // when a concurrent first read of the same funnel keeps its rows meanwhile.
    const kept = (await db('analytics_funnel_hourly')
      .where({ funnel_key: key })
      .andWhere('hour', '>=', c0)
      .andWhere('hour', '<', c1)
      .select('hour', 'reached_1', 'reached_2', 'reached_3', 'reached_4', 'reached_5')) as Record<string, number | string>[]
    const have = new Set<number>()
    for (const r of kept) {
      have.add(Number(r.hour))
      steps.forEach((_, i) => (counts[i] += Number(r[`reached_${i + 1}`])))
    }
    const computed = new Map<number, number[]>()
    for (const [a, b] of runsOutside(have, c0, c1)) for (const [h, c] of await computeFunnelHours(db, steps, a, b)) computed.set(h, c)
    for (const c of computed.values()) steps.forEach((_, i) => (counts[i] += c[i]))
    if (computed.size) {
      const write = writeFunnelHours(db, key, computed)
      if (!options.background) await write
      else {
        const done: Promise<void> = write
          .catch((error: unknown) => console.error(`funnel ${key}: keeping its hourly counts failed`, error))
          .finally(() => keeping.delete(done))
        keeping.add(done)
      }
    }
  }
  return addRest(db, range, steps, c0, c1, counts, now)
}

/** Adds the rest of the range (before the first whole stable hour, after the last) from session paths. */
async function addRest(db: Queryable, range: Pick<Range, 'from' | 'to'>, steps: FunnelStep[], c0: number, c1: number, counts: number[], now: number) {
  for (const [from, to] of outsideHours(range, c0, c1)) {
    const rest = funnel(await readSessionPaths(db, { from, to }, { like: likeOf(steps[0]) }, now), steps)
    rest.steps.forEach((s, i) => (counts[i] += s.sessions))
  }
  return funnelResult(steps, counts)
}

type Source = { sql: string; bindings: unknown[] }
/** The journey groups of whole rolled-up hours [h0, h1): whole UTC days from the daily table, the rest hourly. */
function journeySource(h0: number, h1: number): Source {
  const d0 = Math.ceil(h0 / 24)
  const d1 = Math.floor(h1 / 24)
  const cols = 'journey, conversion, prior, sessions'
  const parts: string[] = []
  const bindings: unknown[] = []
  const hourly = (a: number, b: number) => {
    if (b <= a) return
    parts.push(`select ${cols} from analytics_journey_hourly where hour >= ? and hour < ?`)
    bindings.push(a, b)
  }
  if (d1 > d0) {
    parts.push(`select ${cols} from analytics_journey_daily where day >= ? and day < ?`)
    bindings.push(d0, d1)
    hourly(h0, d0 * 24)
    hourly(d1 * 24, h1)
  } else hourly(h0, h1)
  return { sql: `(${parts.join(' union all ')}) as j`, bindings }
}

/** Which (conversion, prior) rows count for a goal glob: the conversion matches, no earlier goal does. */
type GoalFilter = { sql: string; bindings: unknown[]; test: (conversion: string, prior: string) => boolean }
async function goalFilter(db: Queryable, goal: string, source: Source | null): Promise<GoalFilter> {
  const re = globRe(goal)
  const test = (conversion: string, prior: string) => re.test(conversion) && !(prior ? prior.split('\n') : []).some((g) => re.test(g))
  if (goal === '*') return { sql: `prior = ''`, bindings: [], test }
  if (!goal.includes('*')) return { sql: 'conversion = ?', bindings: [goal], test }
  // A glob: the (conversion, prior) pairs of the range are few; pick the matching ones here.
  const pairs = source
    ? ((await db
        .from(db.raw(source.sql, source.bindings as never[]))
        .groupBy('conversion', 'prior')
        .select('conversion', 'prior')) as { conversion: string; prior: string }[])
    : []
  const ok = [...new Map(pairs.filter((p) => test(p.conversion, p.prior)).map((p) => [`${p.conversion}\u0001${p.prior}`, p])).values()]
  if (!ok.length) return { sql: '1 = 0', bindings: [], test }
  return { sql: `(${ok.map(() => '(conversion = ? and prior = ?)').join(' or ')})`, bindings: ok.flatMap((p) => [p.conversion, p.prior]), test }
}

/**
 * The most common journeys to a conversion matching `goal` over a range (what journeys() answers
 * on the range's session paths): rolled-up hours summed, sorted and limited in SQL, hours not rolled
 * up yet computed from raw events. With `keys`, the sessions of those journeys only (compare).
 */
export async function readJourneys(db: Queryable, range: Pick<Range, 'from' | 'to'>, goal = '*', limit = 20, now = Date.now(), keys?: string[]) {
  const through = await rolledThrough(db)
  const p = plan(range, through, now)
  const rolledEnd = p.raw.length ? p.raw[0] * HOUR_MS : range.to
  // Whole rolled-up hours from the table; partial edge hours (half-hour zones) from the paths.
  const h0 = Math.ceil(range.from / HOUR_MS)
  const h1 = Math.max(h0, Math.floor(Math.min(range.to, rolledEnd) / HOUR_MS))
  const source = h1 > h0 ? journeySource(h0, h1) : null
  const filter = await goalFilter(db, goal, source)
  // Hours read from session paths: partial edges and the hours not rolled up.
  const rest = new Map<string, number>()
  let restConverting = 0
  for (const [from, to] of outsideHours(range, h0, h1)) {
    for (const s of await readSessionPaths(db, { from, to }, { converted: true }, now)) {
      const j = journeysOfSession(s.steps).find((x) => filter.test(x.conversion, x.prior.join('\n')))
      if (!j) continue
      restConverting++
      const k = journeyKey(j.pages, j.conversion)
      rest.set(k, (rest.get(k) ?? 0) + 1)
    }
  }
  const byKey = new Map(rest)
  let converting = restConverting
  if (source) {
    const base = () => db.from(db.raw(source.sql, source.bindings as never[])).whereRaw(filter.sql, filter.bindings as never[])
    const order = isSqlite(db) ? 'journey' : 'journey collate "C"'
    const wanted = keys ?? null
    type Grouped = { journey: string; n: number | string; total?: number | string }
    const [top, total, restRows] = await Promise.all([
      // The top journeys and, over the same groups, the total of converting sessions (one pass).
      wanted
        ? Promise.resolve([] as Grouped[])
        : (base()
            .groupBy('journey')
            .select('journey', db.raw('sum(sessions) as n'), db.raw('sum(sum(sessions)) over () as total'))
            .orderByRaw(`sum(sessions) desc, ${order}`)
            .limit(limit + rest.size) as Promise<Grouped[]>),
      wanted ? (base().sum({ n: 'sessions' }).first() as Promise<{ n: number | string | null } | undefined>) : Promise.resolve(undefined),
      // Journeys also seen in the raw hours (or asked for): their rolled-up sessions too.
      ...[[...new Set([...rest.keys(), ...(wanted ?? [])])]].map((ks) =>
        ks.length
          ? (Promise.all(chunk(ks, 200).map((part) => base().whereIn('journey', part).groupBy('journey').select('journey', db.raw('sum(sessions) as n')))).then(
              (r) => r.flat(),
            ) as Promise<Grouped[]>)
          : Promise.resolve([] as Grouped[]),
      ),
    ])
    converting += Number(wanted ? (total?.n ?? 0) : (top[0]?.total ?? 0))
    const fromTable = new Map<string, number>()
    for (const r of [...top, ...restRows]) fromTable.set(r.journey, Number(r.n))
    for (const [k, n] of fromTable) byKey.set(k, (rest.get(k) ?? 0) + n)
  }
  const wanted = keys ? new Set(keys) : null
  const rows = [...byKey]
    .filter(([k]) => !wanted || wanted.has(k))
    .sort((x, y) => y[1] - x[1] || byCode(x[0], y[0]))
    .slice(0, wanted ? undefined : limit)
    .map(([k, n]) => journeyRow(k, n, converting))
  return { converting, rows }
}
