// Packed step sequences: the first read of any funnel without a scan of session paths
// (docs/decisions/187-ad-hoc-funnels-from-step-sequences.md).
//
// Every distinct session-path line (`p:/path`, `fv:quote`, `g:call`...) has an id in
// analytics_step_lines. For each rolled-up hour, analytics_funnel_seqs holds one row: the lines of
// the hour's sessions as ids, 16-bit little-endian words (an id from 0xFFFF up is 0xFFFF then its
// high and low words), each session ended by a 0 word (sessions without a step are left out: no
// funnel step matches them). A funnel over hours [h0, h1) reads those rows (about 8 bytes a
// session) and the dictionary lines its steps may match (a LIKE superset, decided by the same
// matcher as funnel()), then walks the words: exactly what reached() answers on the sessions'
// session paths, hour by hour.
//
// The rollup writes an hour's row with its session paths (rollupFunnelsHour, same transaction);
// hours rolled up before this table existed, or whose row a purge removed, are read from session
// paths until the job fills them (fillSeqHours).
import type { Queryable } from '../db/rows.ts'
import { chunk } from '../db/rows.ts'
import { STEP_KINDS, matcherOf, type FunnelStep } from './funnels.ts'
import { HOUR_MS } from './ingest.ts'

/** The ids of lines, adding the lines not known yet (run inside the rollup's transaction). */
export async function lineIds(db: Queryable, lines: Iterable<string>): Promise<Map<string, number>> {
  const wanted = [...new Set(lines)]
  const ids = new Map<string, number>()
  const lookup = async (list: string[]) => {
    for (const part of chunk(list, 500))
      for (const r of (await db('analytics_step_lines').whereIn('line', part).select('id', 'line')) as { id: number | string; line: string }[])
        ids.set(r.line, Number(r.id))
  }
  await lookup(wanted)
  const missing = wanted.filter((l) => !ids.has(l))
  if (missing.length) {
    for (const part of chunk(missing, 200))
      await db('analytics_step_lines')
        .insert(part.map((line) => ({ line })))
        .onConflict('line')
        .ignore()
    await lookup(missing)
  }
  return ids
}

/** Ids from this one up take three words (0xFFFF, then the id's high and low words). */
const ESCAPE = 0xffff

/** An hour's sessions' steps (session-path text, one line a step) packed as 16-bit word ids. */
export function encodeSeqs(paths: { steps: string }[], ids: Map<string, number>): { sessions: number; data: Buffer } {
  const words: number[] = []
  let sessions = 0
  for (const p of paths) {
    if (!p.steps) continue
    sessions++
    for (const line of p.steps.split('\n')) {
      const id = ids.get(line)
      if (id === undefined) throw new Error(`no id for the step line ${JSON.stringify(line)}`)
      if (id < ESCAPE) words.push(id)
      else words.push(ESCAPE, Math.floor(id / 0x10000), id % 0x10000)
    }
    words.push(0)
  }
  const data = Buffer.alloc(words.length * 2)
  words.forEach((w, i) => data.writeUInt16LE(w, i * 2))
  return { sessions, data }
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/** The words of a packed row (a copy when the bytes are not 2-aligned or the machine is big-endian). */
function wordsOf(data: Uint8Array): Uint16Array {
  if (littleEndian && data.byteOffset % 2 === 0) return new Uint16Array(data.buffer, data.byteOffset, data.length >> 1)
  const words = new Uint16Array(data.length >> 1)
  for (let i = 0; i < words.length; i++) words[i] = data[2 * i] | (data[2 * i + 1] << 8)
  return words
}

/** Writes (replaces) the packed sequences of an hour from its session paths. */
export async function writeSeqHour(db: Queryable, hour: number, paths: { steps: string }[]): Promise<void> {
  const ids = await lineIds(
    db,
    paths.flatMap((p) => (p.steps ? p.steps.split('\n') : [])),
  )
  const { sessions, data } = encodeSeqs(paths, ids)
  await db('analytics_funnel_seqs').insert({ hour, sessions, data }).onConflict('hour').merge(['sessions', 'data'])
}

/** An anchored LIKE pattern every dictionary line a step matches also matches (a superset). */
export function lineLikeOf(step: FunnelStep): string {
  return `${STEP_KINDS[step.kind]}:${step.value}`.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%')
}

/**
 * Per dictionary id, a bit per step that the line matches (bit i: step i). Read after the hour
 * rows: every id a committed hour row refers to was committed with it or before it.
 */
async function stepMasks(db: Queryable, steps: FunnelStep[]): Promise<Uint8Array> {
  const matched: [number, number][] = []
  let max = 0
  const patterns = [...new Set(steps.map(lineLikeOf))]
  const byPattern = await Promise.all(
    patterns.map(
      (like) => db('analytics_step_lines').whereRaw(`line like ? escape '\\'`, [like]).select('id', 'line') as Promise<{ id: number | string; line: string }[]>,
    ),
  )
  steps.forEach((step, i) => {
    const match = matcherOf(step)
    for (const r of byPattern[patterns.indexOf(lineLikeOf(step))]) {
      if (!match(r.line)) continue
      const id = Number(r.id)
      matched.push([id, i])
      if (id > max) max = id
    }
  })
  const masks = new Uint8Array(max + 1)
  for (const [id, i] of matched) masks[id] |= 1 << i
  return masks
}

/** How many sessions of a packed hour reach each step (reached() on each session, summed). */
export function countSeqs(data: Uint8Array, masks: Uint8Array, steps: number): number[] {
  const words = wordsOf(data)
  const hist = new Array<number>(steps + 1).fill(0)
  const size = masks.length
  let state = 0
  for (let p = 0; p < words.length; p++) {
    let id = words[p]
    if (id === 0) {
      hist[state]++
      state = 0
      continue
    }
    if (id === ESCAPE) {
      id = words[p + 1] * 0x10000 + words[p + 2]
      p += 2
    }
    if (state < steps && id < size && (masks[id] >> state) & 1) state++
  }
  const counts = new Array<number>(steps).fill(0)
  let atLeast = 0
  for (let s = steps; s >= 1; s--) counts[s - 1] = atLeast += hist[s]
  return counts
}

/**
 * Each hour's reached counts of a funnel over [h0, h1) from the packed hours, and the hours that
 * have no packed row (not filled yet): the caller reads those from session paths.
 */
export async function funnelHoursFromSeqs(
  db: Queryable,
  steps: FunnelStep[],
  h0: number,
  h1: number,
): Promise<{ counts: Map<number, number[]>; missing: number[] }> {
  const counts = new Map<number, number[]>()
  if (h1 <= h0) return { counts, missing: [] }
  const rows = (await db('analytics_funnel_seqs').where('hour', '>=', h0).andWhere('hour', '<', h1).orderBy('hour').select('hour', 'data')) as {
    hour: number | string
    data: Uint8Array
  }[]
  const masks = await stepMasks(db, steps)
  for (const r of rows) counts.set(Number(r.hour), countSeqs(r.data, masks, steps.length))
  const missing: number[] = []
  for (let h = h0; h < h1; h++) if (!counts.has(h)) missing.push(h)
  return { counts, missing }
}

/** How many hours one run of the job fills (newest first). */
export const FILL_HOURS_PER_RUN = 24 * 30

/**
 * Fills the packed rows of rolled-up hours that have none (rolled up before the table existed, or
 * the hour a purge cut through), from their session paths, newest first, a slice per run.
 */
export async function fillSeqHours(db: Queryable, through: number | null, budget = FILL_HOURS_PER_RUN): Promise<number> {
  if (through === null) return 0
  const first = await db('analytics_session_paths').min({ t: 'started_at' }).first()
  if (first?.t == null) return 0
  const h0 = Math.floor(Number(first.t) / HOUR_MS)
  const have = new Set(
    ((await db('analytics_funnel_seqs').where('hour', '>=', h0).andWhere('hour', '<=', through).pluck('hour')) as (number | string)[]).map(Number),
  )
  let filled = 0
  for (let h = through; h >= h0 && filled < budget; h--) {
    if (have.has(h)) continue
    const paths = (await db('analytics_session_paths')
      .where('started_at', '>=', h * HOUR_MS)
      .andWhere('started_at', '<', (h + 1) * HOUR_MS)
      .select('steps')) as { steps: string }[]
    await db.transaction((trx) => writeSeqHour(trx, h, paths))
    filled++
  }
  return filled
}

/** Drops the packed rows of hours that start before the purge cutoff (an hour the cutoff cuts
 * through is filled again by the job from its remaining session paths). */
export async function purgeSeqs(db: Queryable, cutoff: number): Promise<void> {
  await db('analytics_funnel_seqs')
    .where('hour', '<', Math.ceil(cutoff / HOUR_MS))
    .delete()
}

/**
 * Packs hours again from their session paths after sessions left them (a person's erasure), and
 * drops the funnels' kept counts of those hours (recomputed from the new rows on the next read;
 * saved funnels by the job). Hours without a packed row are left to the job.
 */
export async function repackHours(db: Queryable, hours: number[]): Promise<void> {
  const wanted = [...new Set(hours)]
  if (!wanted.length) return
  const packed = ((await db('analytics_funnel_seqs').whereIn('hour', wanted).pluck('hour')) as (number | string)[]).map(Number)
  for (const h of packed) {
    const paths = (await db('analytics_session_paths')
      .where('started_at', '>=', h * HOUR_MS)
      .andWhere('started_at', '<', (h + 1) * HOUR_MS)
      .select('steps')) as { steps: string }[]
    await writeSeqHour(db, h, paths)
  }
  await db('analytics_funnel_hourly').whereIn('hour', wanted).delete()
}
