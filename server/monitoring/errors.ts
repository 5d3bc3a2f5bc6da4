// Error monitoring (issue 14): browser errors (beacon to POST /api/errors) and server errors
// (5xx, unhandled rejections) grouped by fingerprint = sha256 of the normalised message and the
// top frames (function + file, without line/column, query strings or content hashes), so the
// same bug across builds, pages and browsers lands in one group and different bugs stay apart.
// Known noise is dropped before anything is stored. A new group, or a resolved group that comes
// back, raises an alert (server/monitoring/alerts.ts). docs/decisions/130-monitoring.md
import crypto from 'node:crypto'
import type { Db } from '../db/knex.ts'
import { DAY_MS, fromJson, nowIso, type Queryable } from '../db/rows.ts'
import { raiseAlert } from './alerts.ts'

export const TOP_N = 10
export const TOP_FRAMES = 3
export const MESSAGE_MAX = 500
export const STACK_MAX = 8000
/** Raw error events are kept this long; groups keep their counts. */
export const ERROR_EVENT_RETENTION_DAYS = 30

export type ErrorSource = 'browser' | 'server'
export type ErrorReport = {
  source: ErrorSource
  /** Where in the browser it was caught: boundary, onerror, unhandledrejection; or server. */
  via?: string
  type?: string
  message: string
  stack?: string
  path?: string
  userAgent?: string
  release?: string
}

/** Numbers, hex ids, UUIDs, quoted values and URLs vary between occurrences of one bug. */
export function normaliseMessage(message: string): string {
  return message
    .replace(/^Uncaught\s+(\(in promise\)\s+)?/i, '')
    .replace(/https?:\/\/[^\s'"`)]+/g, '<url>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/(["'`])(?:(?!\1).){0,200}\1/g, '<str>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<hex>')
    .replace(/\b[0-9a-f]{12,}\b/gi, '<hex>')
    .replace(/\d+(\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MESSAGE_MAX)
}

export type Frame = { fn: string; file: string }

/** Chrome (`at fn (file:line:col)`) and Firefox/Safari (`fn@file:line:col`) stack lines. */
export function parseFrames(stack: string): Frame[] {
  const frames: Frame[] = []
  for (const raw of stack.split('\n')) {
    const line = raw.trim()
    let fn = ''
    let location = ''
    const chrome = /^at (?:(.+?) \()?(.+?)\)?$/.exec(line)
    const gecko = /^(.*?)@(.+)$/.exec(line)
    if (chrome) {
      fn = chrome[1] ?? ''
      location = chrome[2]
    } else if (gecko) {
      fn = gecko[1]
      location = gecko[2]
    } else continue
    const file = normaliseFile(location.replace(/:\d+(:\d+)?$/, ''))
    if (!file) continue
    frames.push({ fn: fn.replace(/^async /, '').replace(/^Object\./, '') || '<anonymous>', file })
  }
  return frames
}

/** The file's path without origin, query, line numbers or the content hash a bundler adds. */
export function normaliseFile(location: string): string {
  let file = location.trim()
  if (!file || file === '<anonymous>' || file === 'native') return ''
  file = file.replace(/^(https?:\/\/[^/]+|file:\/\/)/, '').replace(/[?#].*$/, '')
  return file.replace(/[.-][A-Za-z0-9_-]{8,}(?=\.(m?js|css)$)/, '').replace(/\/node_modules\/\.vite\/deps\//, '/deps/')
}

export function fingerprint(report: Pick<ErrorReport, 'source' | 'type' | 'message' | 'stack'>): string {
  const frames = parseFrames(report.stack ?? '')
    .slice(0, TOP_FRAMES)
    .map((f) => `${f.fn}@${f.file}`)
  const parts = [report.source, report.type || 'Error', normaliseMessage(report.message), ...frames]
  return crypto.createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 40)
}

// Bots: not the headless browsers our own tests and probes use, which run the site's real code.
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|python-requests|curl\/|wget\/|go-http-client|scrapy|ahrefs|semrush|petalbot|yandex|baidu/i
const EXTENSION = /(chrome|moz|safari(-web)?|ms-browser)-extension:\/\/|webkit-masked-url:|^resource:\/\//im
const NOISE_MESSAGES = [
  /ResizeObserver loop (limit exceeded|completed with undelivered notifications)/i,
  /^(Uncaught )?Script error\.?$/i,
  /Non-Error promise rejection captured with value: (undefined|Object Not Found Matching)/i,
  /^(Uncaught )?(ReferenceError: )?(__gCrWeb|__firefox__|_AutofillCallbackHandler|zaloJSV2)\b/i,
]

export type NoiseReason = 'extension' | 'resize-observer' | 'bot' | 'cross-origin-script' | 'browser-internal' | null

/** Why a browser report is known noise (dropped, never stored), or null. */
export function noiseReason(report: ErrorReport): NoiseReason {
  if (report.source !== 'browser') return null
  if (report.userAgent !== undefined && (!report.userAgent || BOT.test(report.userAgent))) return 'bot'
  if (EXTENSION.test(report.stack ?? '') || EXTENSION.test(report.message)) return 'extension'
  if (NOISE_MESSAGES[0].test(report.message)) return 'resize-observer'
  if (NOISE_MESSAGES[1].test(report.message.trim()) && !report.stack) return 'cross-origin-script'
  if (NOISE_MESSAGES.slice(2).some((re) => re.test(report.message))) return 'browser-internal'
  return null
}

const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /Version\/(\d+).*Safari/],
]

/** "Chrome 131", "Firefox 133 (mobile)", "Safari 18"; "Server" for server errors. */
export function browserOf(userAgent: string | undefined): string {
  if (userAgent === undefined) return 'Server'
  const mobile = /Mobile|Android|iPhone|iPad/.test(userAgent) ? ' (mobile)' : ''
  for (const [name, re] of BROWSERS) {
    const version = re.exec(userAgent)?.[1]
    if (version) return `${name} ${version}${mobile}`
  }
  return `Other${mobile}`
}

type Counts = Record<string, number>
function bump(value: unknown, key: string): Counts {
  const counts: Counts = { ...(fromJson<Counts>(value) ?? {}) }
  if (key) counts[key] = (counts[key] ?? 0) + 1
  return Object.fromEntries(
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, TOP_N),
  )
}

export type RecordOutcome = { stored: false; noise: Exclude<NoiseReason, null> } | { stored: true; groupId: number; isNew: boolean; reopened: boolean }

/** Stores one error: its group (created, counted, or reopened) and a raw event. */
export async function recordError(db: Db, report: ErrorReport, now = Date.now()): Promise<RecordOutcome> {
  const noise = noiseReason(report)
  if (noise) return { stored: false, noise }
  const message = report.message.trim().slice(0, MESSAGE_MAX) || '(no message)'
  const stack = (report.stack ?? '').slice(0, STACK_MAX)
  const type = (report.type || 'Error').slice(0, 100)
  const print = fingerprint({ source: report.source, type, message, stack })
  const path = (report.path ?? '').slice(0, 2048)
  const browser = browserOf(report.userAgent)
  const release = (report.release ?? '').slice(0, 100)
  const at = nowIso(now)

  const outcome = await db.transaction(async (trx) => {
    const inserted = await trx('error_groups')
      .insert({
        fingerprint: print,
        source: report.source,
        error_type: type,
        message,
        status: 'open',
        count: 0,
        first_seen_at: at,
        last_seen_at: at,
        release,
        sample_stack: stack,
        sample_path: path,
        pages: '{}',
        browsers: '{}',
        created_at: at,
        updated_at: at,
      })
      .onConflict('fingerprint')
      .ignore()
      .returning('id')
    const isNew = inserted.length > 0
    const group = await lockGroup(trx, print)
    const reopened = group.status === 'resolved'
    await trx('error_groups')
      .where({ id: group.id })
      .update({
        count: trx.raw('count + 1'),
        last_seen_at: at,
        release: release || group.release,
        pages: JSON.stringify(bump(group.pages, path)),
        browsers: JSON.stringify(bump(group.browsers, browser)),
        updated_at: at,
        ...(reopened ? { status: 'open', resolved_at: null, reopened: Number(group.reopened) + 1 } : {}),
        // The latest stack and path are the sample: the most useful one after a new deploy.
        ...(stack ? { sample_stack: stack } : {}),
        ...(path ? { sample_path: path } : {}),
      })
    await trx('error_events').insert({ group_id: group.id, at: now, path, browser, release })
    return { groupId: Number(group.id), isNew, reopened }
  })
  if (outcome.isNew || outcome.reopened) {
    await raiseAlert(
      db,
      {
        kind: outcome.isNew ? 'error.new' : 'error.reopened',
        key: `error:${outcome.groupId}`,
        subject: `${outcome.isNew ? 'New error' : 'Error is back'}: ${message.slice(0, 120)}`,
        body: [
          `${outcome.isNew ? 'A new error group appeared' : 'A resolved error group came back and was reopened'} (${report.source}).`,
          `${type}: ${message}`,
          path ? `Page or request: ${path}` : '',
          `Browser: ${browser}`,
          release ? `Release: ${release}` : '',
          '',
          stack.split('\n').slice(0, 8).join('\n'),
          '',
          `Open it in the admin: /admin/error-groups/${outcome.groupId}/show`,
        ]
          .filter((l, i, all) => l !== '' || all[i - 1] !== '')
          .join('\n'),
      },
      now,
    )
  }
  return { stored: true, ...outcome }
}

async function lockGroup(trx: Queryable, print: string): Promise<Record<string, unknown>> {
  const query = trx('error_groups').where({ fingerprint: print }).first()
  if (trx.client.config.client !== 'sqlite3') query.forUpdate()
  return (await query) as Record<string, unknown>
}

/** Deletes raw events older than the retention, in batches (groups keep their totals). */
export async function purgeErrorEvents(db: Db, now = Date.now(), days = ERROR_EVENT_RETENTION_DAYS): Promise<number> {
  const before = now - days * DAY_MS
  let total = 0
  for (;;) {
    const ids = (await db('error_events').where('at', '<', before).select('id').limit(5000)).map((r: { id: number | string }) => Number(r.id))
    if (!ids.length) return total
    total += await db('error_events').whereIn('id', ids).delete()
  }
}

/** Occurrences per day of one group over the last `days` days (oldest first, zero-filled). */
export async function groupDailyCounts(db: Queryable, groupId: number, now = Date.now(), days = 30): Promise<Array<{ day: string; count: number }>> {
  const start = now - (now % DAY_MS) - (days - 1) * DAY_MS
  const rows: Array<{ d: number | string; n: number | string }> = await db('error_events')
    .where('group_id', groupId)
    .andWhere('at', '>=', start)
    .select(db.raw(`(at - (at % ${DAY_MS})) as d`), db.raw('count(*) as n'))
    .groupByRaw(`(at - (at % ${DAY_MS}))`)
  const byDay = new Map(rows.map((r) => [Number(r.d), Number(r.n)]))
  return Array.from({ length: days }, (_, i) => {
    const d = start + i * DAY_MS
    return { day: new Date(d).toISOString().slice(0, 10), count: byDay.get(d) ?? 0 }
  })
}
