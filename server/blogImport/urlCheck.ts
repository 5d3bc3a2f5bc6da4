// After an import: every old address of the imported posts (the permalink and the ?p=ID form)
// is requested from this server over HTTP, following its redirects (same server only, at most 5
// hops), and every one that does not end on a 200 page at its new address is reported with where
// it ended and why.
import type { Db } from '../db/knex.ts'
import { nowIso } from '../db/rows.ts'
import { REDIRECT_GROUP } from './constants.ts'

export type UrlCheckResult = {
  at: string
  origin: string
  checked: number
  ok: number
  failures: Array<{ from: string; status: number | null; finalUrl: string; reason: string }>
  /** Old addresses of imported posts that are not published yet: no redirect until they are. */
  notPublished: number
}

const HOPS = 5
const CONCURRENCY = 6

async function visit(
  origin: string,
  from: string,
  expected: string,
  signal?: AbortSignal,
): Promise<{ status: number | null; finalUrl: string; reason: string | null }> {
  let url = new URL(from, origin).toString()
  for (let hop = 0; hop <= HOPS; hop++) {
    let res: Response
    try {
      res = await fetch(url, { redirect: 'manual', signal: signal ?? AbortSignal.timeout(15_000), headers: { 'User-Agent': 'proofline-import-check' } })
    } catch (error) {
      return { status: null, finalUrl: url, reason: `the request failed (${(error as Error).message})` }
    }
    await res.body?.cancel()
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      const next = new URL(res.headers.get('location')!, url)
      if (next.origin !== new URL(origin).origin) return { status: res.status, finalUrl: next.toString(), reason: 'redirects to another site' }
      url = next.toString()
      continue
    }
    const path = new URL(url).pathname + new URL(url).search
    if (res.status === 200)
      return {
        status: 200,
        finalUrl: path,
        // A 200 somewhere else (the home page for an unredirected /?p=ID) is not the post.
        reason:
          new URL(url).pathname.replace(/\/+$/, '') === expected.replace(/\/+$/, '')
            ? null
            : `lands on ${path}, not on ${expected}: the redirect did not apply`,
      }
    return {
      status: res.status,
      finalUrl: path,
      reason:
        res.status === 404
          ? 'ends on a 404: the new page is not on the site (a post is rendered when it is published; run a build if the site was never built)'
          : res.status === 410
            ? 'ends on a 410: the post was unpublished'
            : `ends on HTTP ${res.status}`,
    }
  }
  return { status: null, finalUrl: url, reason: `more than ${HOPS} redirects in a row` }
}

/** Visits every old URL of the blog import group; `origin` is this server (http://127.0.0.1:port). */
export async function checkOldUrls(db: Db, origin: string, opts: { signal?: AbortSignal } = {}): Promise<UrlCheckResult> {
  const rows = (await db('redirects').where({ group: REDIRECT_GROUP }).orderBy('id').select('source', 'target')) as Array<{ source: string; target: string }>
  const targets = new Map(rows.map((r) => [String(r.source), String(r.target)]))
  const urls = [...targets.keys()]
  const failures: UrlCheckResult['failures'] = []
  let ok = 0
  let next = 0
  const worker = async () => {
    while (next < urls.length) {
      opts.signal?.throwIfAborted()
      const from = urls[next++]
      const r = await visit(origin, from, targets.get(from)!)
      if (r.reason) failures.push({ from, status: r.status, finalUrl: r.finalUrl, reason: r.reason })
      else ok++
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, urls.length) }, worker))
  failures.sort((a, b) => a.from.localeCompare(b.from))
  return { at: nowIso(), origin, checked: urls.length, ok, failures, notPublished: 0 }
}
