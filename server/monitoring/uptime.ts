// Uptime checks (issue 14), an internal probe run by the job runner every minute: the home page,
// one page of each template family, /healthz, the form-token endpoint and the database, each with
// Gatus-style conditions (conditions.ts); plus an "external" push check fed by an outside pinger
// through /api/heartbeat/<token>. Each result is kept raw for 48 hours and added to minute, hour
// and day rollups (upserts, no rescans); minute rollups are kept 7 days, hour rollups 90 days,
// day rollups for ever. An incident opens after `failure_threshold` failures in a row and closes
// at the first success; both raise alerts (muted in a maintenance window).
// docs/decisions/131-uptime.md
import crypto from 'node:crypto'
import { buildCatalog, families } from '../../data/catalog.ts'
import { defaultDataDir, loadData } from '../../data/loadData.ts'
import type { Db } from '../db/knex.ts'
import { DAY_MS, isSqlite, nowIso, type Queryable } from '../db/rows.ts'
import { raiseAlert } from './alerts.ts'
import { evaluate, parseConditions, type Observation } from './conditions.ts'

export const MINUTE_MS = 60_000
export const HOUR_MS = 3_600_000
export const RAW_RETENTION_MS = 2 * DAY_MS
export const MINUTE_RETENTION_MS = 7 * DAY_MS
export const HOUR_RETENTION_MS = 90 * DAY_MS
/** The push check is down when no ping came for this long (after its first one). */
export const PUSH_STALE_MS = 10 * MINUTE_MS
export const PROBE_TIMEOUT_MS = 10_000
const BODY_LIMIT = 512 * 1024

export type CheckDef = { key: string; name: string; kind: 'http' | 'database' | 'push'; target: string; conditions: string; failure_threshold: number }
export type CheckRow = CheckDef & {
  id: number
  enabled: boolean
  consecutive_failures: number
  state: string
  last_checked_at: number | null
  last_error: string | null
}
export type Result = { checkId: number; at: number; ok: boolean; status: number | null; responseMs: number; error: string | null }

const PAGE_CONDITIONS = '[STATUS] == 200 && [RESPONSE_TIME] < 2000 && [BODY] contains "Proofline"'

let cachedDefs: CheckDef[] | null = null
/** The checks, from the catalog: one page per family (the first of each), and the fixed ones. */
export function checkDefinitions(dataDir = defaultDataDir): CheckDef[] {
  if (cachedDefs) return cachedDefs
  const catalog = buildCatalog(loadData(dataDir))
  const defs: CheckDef[] = []
  for (const family of families) {
    const entry = catalog.ofFamily(family).find((e) => !e.isAlias && !e.noindex) ?? catalog.ofFamily(family)[0]
    if (!entry) continue
    defs.push({
      key: family === 'home' ? 'home' : `page:${family}`,
      name: family === 'home' ? 'Home page' : `${family} page (${entry.url})`,
      kind: 'http',
      target: entry.url,
      conditions: PAGE_CONDITIONS,
      failure_threshold: 3,
    })
  }
  defs.push(
    {
      key: 'healthz',
      name: 'Health check (/healthz)',
      kind: 'http',
      target: '/healthz',
      conditions: '[STATUS] == 200 && [BODY] contains "ok"',
      failure_threshold: 2,
    },
    {
      key: 'form-token',
      name: 'Form token (lead API)',
      kind: 'http',
      target: '/api/form-token',
      conditions: '[STATUS] == 200 && [RESPONSE_TIME] < 1000 && [BODY] contains "token"',
      failure_threshold: 2,
    },
    {
      key: 'database',
      name: 'Database',
      kind: 'database',
      target: 'select 1',
      conditions: '[CONNECTED] == true && [RESPONSE_TIME] < 500',
      failure_threshold: 2,
    },
    { key: 'external', name: 'External pinger (push)', kind: 'push', target: '', conditions: '[CONNECTED] == true', failure_threshold: 2 },
  )
  cachedDefs = defs
  return defs
}

const toCheck = (row: Record<string, unknown>): CheckRow => ({
  id: Number(row.id),
  key: String(row.key),
  name: String(row.name),
  kind: row.kind as CheckDef['kind'],
  target: String(row.target),
  conditions: String(row.conditions),
  failure_threshold: Number(row.failure_threshold),
  enabled: row.enabled === true || row.enabled === 1,
  consecutive_failures: Number(row.consecutive_failures),
  state: String(row.state),
  last_checked_at: row.last_checked_at == null ? null : Number(row.last_checked_at),
  last_error: (row.last_error as string | null) ?? null,
})

/** Stores the definitions (insert new, update name/target/conditions of existing), answers all checks. */
export async function syncChecks(db: Db, defs = checkDefinitions()): Promise<CheckRow[]> {
  const rows = await db('uptime_checks').select('*')
  const byKey = new Map(rows.map((r: Record<string, unknown>) => [String(r.key), r]))
  for (const d of defs) {
    const row = byKey.get(d.key)
    if (!row)
      await db('uptime_checks')
        .insert({ ...d, enabled: true, consecutive_failures: 0, state: 'unknown' })
        .onConflict('key')
        .ignore()
    else if (row.name !== d.name || row.target !== d.target || row.conditions !== d.conditions || Number(row.failure_threshold) !== d.failure_threshold)
      await db('uptime_checks')
        .where({ id: row.id })
        .update({ name: d.name, target: d.target, conditions: d.conditions, failure_threshold: d.failure_threshold })
  }
  return (await db('uptime_checks').select('*').orderBy('id')).map(toCheck)
}

async function readBody(response: Response): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.length
    if (size >= BODY_LIMIT) {
      await reader.cancel()
      break
    }
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** One observation of a check (never throws: a failure is an observation too). */
export async function observe(db: Db, check: CheckRow, origin: string, now: number, signal?: AbortSignal): Promise<Observation & { error: string | null }> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  if (check.kind === 'database') {
    try {
      await db.raw('select 1')
      return { status: null, responseMs: elapsed(), body: '', connected: true, error: null }
    } catch (error) {
      return { status: null, responseMs: elapsed(), body: '', connected: false, error: error instanceof Error ? error.message : String(error) }
    }
  }
  if (check.kind === 'push') {
    const fresh = check.last_checked_at != null && now - check.last_checked_at <= PUSH_STALE_MS
    return {
      status: null,
      responseMs: 0,
      body: '',
      connected: fresh,
      error: fresh ? null : `No ping from the external pinger for more than ${PUSH_STALE_MS / MINUTE_MS} minutes.`,
    }
  }
  try {
    const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS)
    const response = await fetch(new URL(check.target, origin), {
      headers: { 'User-Agent': 'Proofline-Uptime/1 (internal probe)', Accept: 'text/html,application/json' },
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
    const body = await readBody(response)
    return { status: response.status, responseMs: elapsed(), body, connected: true, error: null }
  } catch (error) {
    const message = error instanceof Error ? (error.name === 'TimeoutError' ? `No answer within ${PROBE_TIMEOUT_MS / 1000} s.` : error.message) : String(error)
    return { status: null, responseMs: elapsed(), body: '', connected: false, error: message }
  }
}

export function judge(check: Pick<CheckRow, 'conditions'>, o: Observation & { error: string | null }): { ok: boolean; error: string | null } {
  const verdict = evaluate(parseConditions(check.conditions), o)
  if (verdict.ok) return { ok: true, error: null }
  const seen = `status ${o.status ?? '—'}, ${o.responseMs} ms`
  return { ok: false, error: (o.error ? `${o.error} ` : '') + `Failed: ${verdict.failed.join(' && ')} (${seen}).`.slice(0, 480) }
}

type Bucket = 'minute' | 'hour' | 'day'
const SIZES: Record<Bucket, number> = { minute: MINUTE_MS, hour: HOUR_MS, day: DAY_MS }

/**
 * Adds results to the rollups: aggregated in memory per (check, bucket, start), then one upsert
 * per chunk. `buckets` limits which ones are written (the bench skips minute rows that retention
 * would delete anyway).
 */
export async function rollUp(db: Queryable, results: Result[], buckets: Bucket[] = ['minute', 'hour', 'day']): Promise<void> {
  const agg = new Map<string, { check_id: number; bucket: Bucket; at: number; up: number; total: number; ms_sum: number; ms_max: number }>()
  for (const r of results) {
    for (const bucket of buckets) {
      const at = r.at - (r.at % SIZES[bucket])
      const key = `${r.checkId}|${bucket}|${at}`
      const a = agg.get(key)
      if (a) {
        a.up += r.ok ? 1 : 0
        a.total += 1
        a.ms_sum += r.responseMs
        a.ms_max = Math.max(a.ms_max, r.responseMs)
      } else agg.set(key, { check_id: r.checkId, bucket, at, up: r.ok ? 1 : 0, total: 1, ms_sum: r.responseMs, ms_max: r.responseMs })
    }
  }
  const rows = [...agg.values()]
  const max = isSqlite(db) ? 'max' : 'greatest'
  for (let i = 0; i < rows.length; i += 500) {
    await db('uptime_rollups')
      .insert(rows.slice(i, i + 500))
      .onConflict(['check_id', 'bucket', 'at'])
      .merge({
        up: db.raw('uptime_rollups.up + excluded.up'),
        total: db.raw('uptime_rollups.total + excluded.total'),
        ms_sum: db.raw('uptime_rollups.ms_sum + excluded.ms_sum'),
        ms_max: db.raw(`${max}(uptime_rollups.ms_max, excluded.ms_max)`),
      })
  }
}

/** Records one result per check: raw row, rollups, the check's state, incidents and alerts. */
export async function recordResults(db: Db, results: Array<Result & { check: CheckRow }>, now: number): Promise<void> {
  if (!results.length) return
  await db.transaction(async (trx) => {
    await trx('uptime_results').insert(
      results.map((r) => ({ check_id: r.checkId, at: r.at, ok: r.ok, status: r.status, response_ms: r.responseMs, error: r.error?.slice(0, 500) ?? null })),
    )
    await rollUp(trx, results)
  })
  for (const r of results) await applyOutcome(db, r.check, r, now)
}

async function applyOutcome(db: Db, check: CheckRow, r: Result, now: number) {
  const failures = r.ok ? 0 : check.consecutive_failures + 1
  const state = r.ok ? 'up' : failures >= check.failure_threshold ? 'down' : check.state === 'unknown' ? 'unknown' : check.state
  const patch: Record<string, unknown> = { consecutive_failures: failures, state, last_error: r.ok ? null : r.error?.slice(0, 500) }
  // The push check's last_checked_at is the time of the last ping, set by the heartbeat route.
  if (check.kind !== 'push') patch.last_checked_at = r.at
  await db('uptime_checks').where({ id: check.id }).update(patch)
  const open = await db('incidents').where({ check_id: check.id, status: 'open' }).first()
  if (!r.ok && failures >= check.failure_threshold && !open) {
    const at = nowIso(now)
    const [row] = await db('incidents')
      .insert({
        check_id: check.id,
        title: `${check.name} is down`,
        status: 'open',
        opened_at: at,
        cause: r.error?.slice(0, 500) ?? '',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
    const id = Number(typeof row === 'object' ? row.id : row)
    await raiseAlert(
      db,
      {
        kind: 'incident.open',
        key: `incident:${id}`,
        subject: `Down: ${check.name}`,
        body: `${check.name} failed ${failures} checks in a row.\n${r.error ?? ''}\nIncident #${id}: /admin/incidents/${id}/show`,
      },
      now,
    )
  } else if (r.ok && open) {
    const at = nowIso(now)
    await db('incidents').where({ id: open.id }).update({ status: 'resolved', closed_at: at, updated_at: at })
    const minutes = Math.max(1, Math.round((now - new Date(open.opened_at).getTime()) / MINUTE_MS))
    await raiseAlert(
      db,
      {
        kind: 'incident.close',
        key: `incident-close:${open.id}`,
        subject: `Recovered: ${check.name}`,
        body: `${check.name} is answering again after about ${minutes} minute(s).\nIncident #${open.id}: /admin/incidents/${open.id}/show`,
      },
      now,
    )
  }
}

/** One probe round over every enabled check (the `uptime.probe` job). */
export async function probeAll(db: Db, origin: string, now = Date.now(), signal?: AbortSignal): Promise<Result[]> {
  const checks = (await syncChecks(db)).filter((c) => c.enabled)
  const results = await Promise.all(
    checks
      .filter((c) => c.kind !== 'push' || c.last_checked_at != null)
      .map(async (check) => {
        const o = await observe(db, check, origin, now, signal)
        const verdict = judge(check, o)
        return { check, checkId: check.id, at: now, ok: verdict.ok, status: o.status, responseMs: o.responseMs, error: verdict.error }
      }),
  )
  await recordResults(db, results, now)
  return results
}

/** The push URL's secret part: derived from APP_SECRET, so every instance agrees. */
export const heartbeatToken = (secret: string) => crypto.createHmac('sha256', secret).update('uptime-heartbeat').digest('hex').slice(0, 32)

/** A ping from the external pinger: marks the push check alive (its result is written by the probe). */
export async function recordHeartbeat(db: Db, now = Date.now()): Promise<void> {
  await syncChecks(db)
  await db('uptime_checks').where({ key: 'external' }).update({ last_checked_at: now })
}

/** Deletes raw results and fine rollups past their retention (raw rows in batches of 5,000). */
export async function purgeUptime(db: Db, now = Date.now()): Promise<{ results: number; minute: number; hour: number }> {
  let results = 0
  for (;;) {
    const ids = (
      await db('uptime_results')
        .where('at', '<', now - RAW_RETENTION_MS)
        .select('id')
        .limit(5000)
    ).map((r: { id: number | string }) => Number(r.id))
    if (!ids.length) break
    results += await db('uptime_results').whereIn('id', ids).delete()
  }
  const minute = await db('uptime_rollups')
    .where({ bucket: 'minute' })
    .andWhere('at', '<', now - MINUTE_RETENTION_MS)
    .delete()
  const hour = await db('uptime_rollups')
    .where({ bucket: 'hour' })
    .andWhere('at', '<', now - HOUR_RETENTION_MS)
    .delete()
  return { results, minute, hour }
}

export type Range = '24h' | '7d' | '30d' | '90d'
export const RANGES: Record<Range, { bucket: Bucket; count: number }> = {
  '24h': { bucket: 'hour', count: 24 },
  '7d': { bucket: 'hour', count: 168 },
  '30d': { bucket: 'day', count: 30 },
  '90d': { bucket: 'day', count: 90 },
}

export type CheckSummary = {
  id: number
  key: string
  name: string
  kind: string
  target: string
  conditions: string
  state: string
  lastCheckedAt: string | null
  lastError: string | null
  uptime: number | null
  avgMs: number | null
  bars: Array<{ at: string; label: string; uptime: number | null; avgMs: number | null; maxMs: number | null; up: number; total: number }>
}

/** Every check with its uptime bars and response times over a range (one query on the rollups). */
export async function uptimeSummary(db: Queryable, range: Range, now = Date.now()): Promise<CheckSummary[]> {
  const { bucket, count } = RANGES[range]
  const size = SIZES[bucket]
  const end = now - (now % size)
  const start = end - (count - 1) * size
  const [checks, rows] = await Promise.all([
    db('uptime_checks').select('*').orderBy('id'),
    db('uptime_rollups').where({ bucket }).andWhere('at', '>=', start).select('check_id', 'at', 'up', 'total', 'ms_sum', 'ms_max'),
  ])
  const byCheck = new Map<number, Map<number, Record<string, unknown>>>()
  for (const r of rows) {
    const id = Number(r.check_id)
    if (!byCheck.has(id)) byCheck.set(id, new Map())
    byCheck.get(id)!.set(Number(r.at), r)
  }
  return checks.map((raw: Record<string, unknown>) => {
    const c = toCheck(raw)
    const mine = byCheck.get(c.id) ?? new Map()
    let up = 0
    let total = 0
    let msSum = 0
    const bars = Array.from({ length: count }, (_, i) => {
      const at = start + i * size
      const r = mine.get(at)
      const u = Number(r?.up ?? 0)
      const t = Number(r?.total ?? 0)
      up += u
      total += t
      msSum += Number(r?.ms_sum ?? 0)
      const iso = new Date(at).toISOString()
      return {
        at: iso,
        label: bucket === 'hour' ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10),
        uptime: t ? (u / t) * 100 : null,
        avgMs: t ? Math.round(Number(r!.ms_sum) / t) : null,
        maxMs: t ? Number(r!.ms_max) : null,
        up: u,
        total: t,
      }
    })
    return {
      id: c.id,
      key: c.key,
      name: c.name,
      kind: c.kind,
      target: c.target,
      conditions: c.conditions,
      state: c.state,
      lastCheckedAt: c.last_checked_at == null ? null : new Date(c.last_checked_at).toISOString(),
      lastError: c.last_error,
      uptime: total ? (up / total) * 100 : null,
      avgMs: total ? Math.round(msSum / total) : null,
      bars,
    }
  })
}
