// Packed step sequences (decision 187): the first read of an ad hoc funnel, computed from the
// hours' packed sequences, equals a brute-force count from the raw events (sessions rebuilt and
// matched here, independently of the rollup's code) for 2- to 5-step funnels of page globs, form
// events and goals, over ranges crossing UTC days, New York and Kolkata (half-hour) day edges and
// the raw current hour; also with hours not packed yet (read from session paths), after the job
// fills them (byte-identical to what the rollup wrote), and after a purge cuts through an hour.
import { describe, expect, it } from 'vitest'
import { databases, useTestDb } from '../../tests/api/helpers.ts'
import { funnel, type FunnelStep } from './funnels.ts'
import { readFunnel } from './funnelReads.ts'
import { computeFunnelHours, computeFunnelHoursFromPaths, maintainFunnels } from './funnelRollups.ts'
import { countSeqs, encodeSeqs, lineLikeOf, repackHours } from './funnelSeqs.ts'
import { HOUR_MS } from './ingest.ts'
import { readSessionPaths } from './pageReads.ts'
import { dayRange } from './queries.ts'
import { purgeAnalytics, runRollups } from './rollup.ts'

const START = Date.parse('2026-11-20T20:00:00.000Z')
const NOW = Date.parse('2026-11-23T02:40:00.000Z') // rolled up through 01:00; 02:00 is read raw
// 200 generated pages (ids past 127 need two varint bytes) and a few with LIKE's special characters and case.
const PAGES = [
  ...Array.from({ length: 200 }, (_, i) => `/seo-services-${['austin', 'dallas', 'houston', 'el-paso'][i % 4]}-${i}`),
  '/ppc/austin',
  '/blog/local-seo',
  '/contact',
  '/Seo-Services-Austin',
  '/100%_off',
  '/100x_off',
  '/back\\slash',
]
const FORMS = ['quote', 'newsletter', 'audit_request']

type Db = ReturnType<typeof useTestDb>['db']
type Ev = { type: string; path: string; name: string; goal: string; ts: number }

/** A deterministic generator (the same data on both databases). */
function rng(seed: number) {
  let x = seed
  return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648
}

async function seed(db: Db) {
  const r = rng(7)
  const sessions: Record<string, unknown>[] = []
  const events: Record<string, unknown>[] = []
  let n = 0
  for (let t = START; t < NOW; t += 90_000 + Math.floor(r() * 60_000)) {
    n++
    const id = `s${String(n).padStart(5, '0')}`
    const landing = PAGES[Math.floor(r() ** 2 * PAGES.length)]
    sessions.push({ id, visitor_id: `v${n}`, first_of_day: true, started_at: t, channel: 'direct-traffic', landing_page: landing, device: 'desktop' })
    let ts = t
    const add = (type: string, path: string, name = '', goal = '') =>
      events.push({
        type,
        path,
        visitor_id: `v${n}`,
        session_id: id,
        occurred_at: ts,
        ts: (ts += 1000 + Math.floor(r() * 30_000)),
        name,
        goal,
        channel: 'direct-traffic',
        device: 'desktop',
        received_at: new Date(ts).toISOString(),
      })
    if (r() < 0.05) {
      add('scroll_depth', landing) // a session without steps
      continue
    }
    add('page_view', landing)
    const k = Math.floor(r() * 8)
    for (let i = 0; i < k; i++) {
      const u = r()
      const form = FORMS[Math.floor(r() * FORMS.length)]
      if (u < 0.45) add('page_view', PAGES[Math.floor(r() ** 2 * PAGES.length)])
      else if (u < 0.55)
        add('page_view', landing) // back to the landing page (repeats collapse)
      else if (u < 0.68) {
        if (r() < 0.5) add('page_view', '/contact')
        add('form_view', '/contact', form)
      } else if (u < 0.78) add('form_start', '/contact', form)
      else if (u < 0.86) add('form_submit', '/contact', form, `form:${form}`)
      else if (u < 0.92) add('click', '/contact', 'call', 'call')
      else if (u < 0.97) add('page_view', ['/100%_off', '/100x_off', '/back\\slash', '/Seo-Services-Austin'][Math.floor(r() * 4)])
      else add('scroll_depth', landing)
    }
  }
  for (let i = 0; i < sessions.length; i += 100) await db('analytics_sessions').insert(sessions.slice(i, i + 100))
  for (let i = 0; i < events.length; i += 100) await db('events').insert(events.slice(i, i + 100))
}

/** The brute force: each session started in [from, to), rebuilt from the raw events (in (ts, id)
 * order, consecutive repeats once, at most 60 steps), and how far it gets through the steps. */
async function bruteForce(db: Db, from: number, to: number, steps: FunnelStep[]): Promise<number[]> {
  const sessions = (await db('analytics_sessions').where('started_at', '>=', from).andWhere('started_at', '<', to).pluck('id')) as string[]
  const all = (await db('events')
    .orderBy([{ column: 'ts' }, { column: 'id' }])
    .select('session_id', 'type', 'path', 'name', 'goal', 'ts')) as (Ev & { session_id: string })[]
  const bySession = new Map<string, Ev[]>()
  for (const e of all) bySession.set(e.session_id, [...(bySession.get(e.session_id) ?? []), e])
  const kinds: Record<string, string> = { form_view: 'fv', form_start: 'fs', form_submit: 'fx' }
  const prefix = { page: 'p', form_view: 'fv', form_start: 'fs', form_submit: 'fx', goal: 'g' }
  const glob = (g: string) => new RegExp(`^${g.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`)
  const counts = steps.map(() => 0)
  for (const id of sessions) {
    const lines: string[] = []
    const push = (l: string) => lines.length < 60 && lines.at(-1) !== l && lines.push(l)
    for (const e of bySession.get(id) ?? []) {
      if (e.type === 'page_view') push(`p:${e.path}`)
      else if (kinds[e.type]) push(`${kinds[e.type]}:${e.name}`)
      if (e.goal) push(`g:${e.goal}`)
    }
    let i = 0
    for (const l of lines)
      if (i < steps.length && l.startsWith(`${prefix[steps[i].kind]}:`) && glob(steps[i].value).test(l.slice(prefix[steps[i].kind].length + 1))) i++
    for (let s = 0; s < i; s++) counts[s]++
  }
  return counts
}

const FUNNELS: FunnelStep[][] = [
  [
    { kind: 'page', value: '/seo-services-*' },
    { kind: 'form_view', value: '*' },
    { kind: 'form_start', value: '*' },
    { kind: 'form_submit', value: '*' },
  ],
  [
    { kind: 'page', value: '*' },
    { kind: 'goal', value: 'call' },
  ],
  [
    { kind: 'page', value: '/seo-services-*-1*' },
    { kind: 'page', value: '/contact' },
    { kind: 'form_view', value: 'quote' },
    { kind: 'form_submit', value: 'quote' },
    { kind: 'goal', value: 'form:*' },
  ],
  // LIKE's special characters, case (SQLite's LIKE ignores it; the matcher does not), a step
  // repeated, and a later step that also matches the first.
  [
    { kind: 'page', value: '/100%_off' },
    { kind: 'page', value: '/seo-services-*' },
  ],
  [
    { kind: 'page', value: '*' },
    { kind: 'page', value: '/back\\slash' },
  ],
  [
    { kind: 'page', value: '/seo-services-austin*' },
    { kind: 'page', value: '/seo-services-austin*' },
    { kind: 'goal', value: '*' },
  ],
  [
    { kind: 'form_start', value: 'audit_request' },
    { kind: 'form_submit', value: 'audit_*' },
  ],
  [
    { kind: 'page', value: '/Seo-Services-*' },
    { kind: 'goal', value: 'form:newsletter' },
  ],
]

const RANGES = () => [
  dayRange('2026-11-20', '2026-11-23', 'UTC'),
  dayRange('2026-11-21', '2026-11-22', 'America/New_York'),
  dayRange('2026-11-21', '2026-11-23', 'Asia/Kolkata'),
  dayRange('2026-11-22', '2026-11-22', 'UTC'),
]

/** First reads (kept counts dropped) equal the brute force over every range and funnel. */
async function expectFirstReadsExact(db: Db, label: string) {
  for (const range of RANGES()) {
    for (const steps of FUNNELS) {
      await db('analytics_funnel_hourly').delete()
      const read = await readFunnel(db, range, steps, NOW)
      const brute = await bruteForce(db, range.from, range.to, steps)
      expect(
        read.steps.map((s) => s.sessions),
        `${label} ${range.tz} ${JSON.stringify(steps)}`,
      ).toEqual(brute)
      expect(read).toEqual(funnel(await readSessionPaths(db, range, {}, NOW), steps))
    }
  }
}

describe('packed step sequences (pure)', () => {
  it('count what reached() counts, with one-word ids and escaped ones past 0xFFFE', () => {
    const ids = new Map<string, number>([
      ['p:/a', 1],
      ['p:/b', 127],
      ['fv:quote', 128],
      ['fx:quote', 16_383],
      ['g:form:quote', 0xffff],
      ['p:/c', 300_000],
    ])
    const paths = [
      { steps: 'p:/a\nfv:quote\nfx:quote\ng:form:quote' },
      { steps: '' },
      { steps: 'p:/b\np:/a\nfx:quote\nfv:quote' },
      { steps: 'p:/c\np:/a\nfv:quote\np:/c\nfx:quote' },
      { steps: 'fv:quote' },
    ]
    const { sessions, data } = encodeSeqs(paths, ids)
    expect(sessions).toBe(4)
    // A word per id (three from 0xFFFF up) and a 0 word after each session.
    expect(data.length).toBe(2 * (1 + 1 + 1 + 3 + 1 + (4 + 1) + (3 + 1 + 1 + 3 + 1 + 1) + (1 + 1)))
    expect([...data.subarray(0, 4)]).toEqual([1, 0, 128, 0])
    const masks = new Uint8Array(300_001)
    masks[1] |= 1 // step 1: p:/a
    masks[128] |= 2 // step 2: fv:quote
    masks[16_383] |= 4 // step 3: fx:quote
    masks[300_000] |= 8 // step 4: p:/c
    expect(countSeqs(data, masks, 4)).toEqual([3, 3, 2, 0])
    // Bytes at an odd offset (as a driver may hand them) read the same.
    const odd = Buffer.alloc(data.length + 1)
    data.copy(odd, 1)
    expect(countSeqs(odd.subarray(1), masks, 4)).toEqual([3, 3, 2, 0])
    masks[0xffff] |= 8 // step 4 also matches g:form:quote (escaped)
    expect(countSeqs(data, masks, 4)).toEqual([3, 3, 2, 1])
    // An id past the masks (a line added after they were read) matches nothing.
    expect(countSeqs(data, masks.subarray(0, 200), 3)).toEqual([3, 3, 0])
    expect(() => encodeSeqs([{ steps: 'p:/unknown' }], ids)).toThrow(/no id/)
  })

  it('a step becomes an anchored LIKE with its special characters escaped', () => {
    expect(lineLikeOf({ kind: 'page', value: '/100%_off*' })).toBe('p:/100\\%\\_off%')
    expect(lineLikeOf({ kind: 'goal', value: 'form:*' })).toBe('g:form:%')
    expect(lineLikeOf({ kind: 'form_submit', value: 'a\\b' })).toBe('fx:a\\\\b')
  })
})

describe.each(databases)('ad hoc funnels from packed step sequences ($name)', (target) => {
  const t = useTestDb(target)

  it('first reads equal a brute force over raw events, across days, zones and the raw current hour', async () => {
    const db = t.db
    await seed(db)
    await runRollups(db, NOW)
    const through = Math.floor(NOW / HOUR_MS) - 1
    const packed = (await db('analytics_funnel_seqs').orderBy('hour').select('hour', 'sessions')) as { hour: number | string; sessions: number | string }[]
    // Every rolled-up hour has its row (hours without sessions too: the job starts 3 hours before
    // the first event), each session with steps in it.
    const first = Math.floor(START / HOUR_MS) - 3
    expect(packed.map((r) => Number(r.hour))).toEqual(Array.from({ length: through - first + 1 }, (_, i) => first + i))
    const withSteps = Number(
      (
        await db('analytics_session_paths')
          .where('started_at', '<', (through + 1) * HOUR_MS)
          .andWhereNot('steps', '')
          .count({ n: '*' })
          .first()
      )?.n,
    )
    expect(packed.reduce((n, r) => n + Number(r.sessions), 0)).toBe(withSteps)
    expect(Number((await db('analytics_step_lines').max({ id: 'id' }).first())?.id)).toBeGreaterThan(127)
    // The data reaches every step somewhere (the comparisons below are not of zeros).
    const all = RANGES()[0]
    for (const steps of FUNNELS) expect((await bruteForce(db, all.from, all.to, steps)).at(-1), JSON.stringify(steps)).toBeGreaterThan(0)
    await expectFirstReadsExact(db, 'packed')
    // Hour by hour, the packed counts equal the session paths' counts.
    const h0 = Math.floor(START / HOUR_MS)
    for (const steps of FUNNELS)
      expect(await computeFunnelHours(db, steps, h0, through + 1)).toEqual(await computeFunnelHoursFromPaths(db, steps, h0, through + 1))
  })

  it('hours not packed yet are read from session paths, then filled by the job byte for byte', async () => {
    const db = t.db
    // The job fills hours from the first session's on (the three empty ones before it stay empty).
    const before = (await db('analytics_funnel_seqs')
      .where('hour', '>=', Math.floor(START / HOUR_MS))
      .orderBy('hour')
      .select('hour', 'sessions', 'data')) as {
      hour: number | string
      sessions: number
      data: Buffer
    }[]
    expect(before.length).toBeGreaterThan(50)
    // As if rolled up before the table existed: some hours have no row.
    const dropped = before.filter((_, i) => i % 3 === 0 || (i > 20 && i < 40)).map((r) => Number(r.hour))
    await db('analytics_funnel_seqs').whereIn('hour', dropped).delete()
    await expectFirstReadsExact(db, 'partly packed')
    await maintainFunnels(db, NOW)
    const after = (await db('analytics_funnel_seqs')
      .where('hour', '>=', Math.floor(START / HOUR_MS))
      .orderBy('hour')
      .select('hour', 'sessions', 'data')) as typeof before
    expect(after.map((r) => [Number(r.hour), Number(r.sessions), Buffer.from(r.data).toString('hex')])).toEqual(
      before.map((r) => [Number(r.hour), Number(r.sessions), Buffer.from(r.data).toString('hex')]),
    )
  })

  it("an erased person's sessions leave the packed hours and the kept counts", async () => {
    const db = t.db
    const range = dayRange('2026-11-20', '2026-11-23', 'UTC')
    for (const steps of FUNNELS) await readFunnel(db, range, steps, NOW) // kept counts of every hour
    const gone = (await db('analytics_session_paths').where('steps', 'like', '%fx:%').orderBy('session_id').limit(6).select('session_id', 'started_at')) as {
      session_id: string
      started_at: number | string
    }[]
    expect(gone.length).toBe(6)
    const ids = gone.map((g) => g.session_id)
    // What the erasure deletes (server/privacy/person.ts), then the repack it calls.
    await db('analytics_session_paths').whereIn('session_id', ids).delete()
    await db('events').whereIn('session_id', ids).delete()
    await db('analytics_sessions').whereIn('id', ids).delete()
    await repackHours(
      db,
      gone.map((g) => Math.floor(Number(g.started_at) / HOUR_MS)),
    )
    for (const steps of FUNNELS)
      expect((await readFunnel(db, range, steps, NOW)).steps.map((s) => s.sessions)).toEqual(await bruteForce(db, range.from, range.to, steps))
    await expectFirstReadsExact(db, 'after an erasure')
  })

  it('a purge that cuts through an hour drops its row; the job packs what is left of it', async () => {
    const db = t.db
    const cutoff = Date.parse('2026-11-21T09:30:00.000Z')
    const cutHour = Math.floor(cutoff / HOUR_MS)
    await purgeAnalytics(db, 1, cutoff + 86_400_000)
    expect(await db('analytics_funnel_seqs').where('hour', '<=', cutHour).first('hour')).toBeUndefined()
    await expectFirstReadsExact(db, 'after the purge')
    await maintainFunnels(db, NOW)
    const row = (await db('analytics_funnel_seqs').where({ hour: cutHour }).first('sessions')) as { sessions: number | string } | undefined
    const left = Number(
      (
        await db('analytics_session_paths')
          .where('started_at', '>=', cutoff)
          .andWhere('started_at', '<', (cutHour + 1) * HOUR_MS)
          .andWhereNot('steps', '')
          .count({ n: '*' })
          .first()
      )?.n,
    )
    expect(left).toBeGreaterThan(0)
    expect(Number(row?.sessions)).toBe(left)
    await expectFirstReadsExact(db, 'after the purge, filled')
  })
})
