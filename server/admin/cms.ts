// /api/admin/cms: the inventory of every catalog URL (list with filters, sort and pages; CSV
// export; one page), and page-level head overrides (PUT sets, DELETE removes), each audited and
// applied to the served page at once (server/cms/store.ts applyNow); the next full build applies
// them from the database. Ids are the page URLs, percent-encoded in the path.
import type Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { PageOverrideSchema, ISSUE_LABELS, type CmsPage, type PageOverride } from '../../shared/cms.ts'
import { bodyOf } from '../api/state.ts'
import { requirePermission } from '../auth/sessions.ts'
import { nowIso } from '../db/rows.ts'
import { findOverride } from '../db/queries/pageOverrides.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { effectiveHead, isIndexable } from '../cms/headOverride.ts'
import { filterRows, parseCmsFilter, sortRows } from '../cms/inventory.ts'
import { createCmsStore, type CmsStore } from '../cms/store.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { csvLine } from './csv.ts'
import { parseListParams } from './listQuery.ts'
import { writeWith, type AdminDeps } from './resourceRouter.ts'

const notBuilt = () => httpError(409, 'The site has not been built yet: run `npm run build`, then reload this page.')

async function rowsOf(store: CmsStore) {
  const rows = await store.rows()
  if (!rows) throw notBuilt()
  return rows
}

/** The last filtered and sorted lists, for the rows they were computed from: paging through a
 * list, or coming back to it, does not filter and sort 10,000 rows again. */
const MEMO_SIZE = 16
const memo = new WeakMap<CmsPage[], Map<string, CmsPage[]>>()

function listed(ctx: Context, rows: CmsPage[]) {
  const { sort, filter } = parseListParams(ctx.query)
  const f = parseCmsFilter(filter)
  if ('error' in f) throw httpError(400, f.error, { [f.field]: f.error })
  const [field, order] = sort ?? ['url', 'ASC']
  const key = JSON.stringify([f, field, order])
  let lists = memo.get(rows)
  if (!lists) memo.set(rows, (lists = new Map()))
  const hit = lists.get(key)
  if (hit) return hit
  const sorted = sortRows(filterRows(rows, f), field, order)
  if (!sorted) throw httpError(400, `Cannot sort by ${field}.`)
  if (lists.size >= MEMO_SIZE) lists.delete(lists.keys().next().value!)
  lists.set(key, sorted)
  return sorted
}

const urlOf = (ctx: Context) => {
  const url = String(ctx.params.id ?? '')
  if (!url.startsWith('/')) throw httpError(404, 'There is no such page.')
  return url
}

const EXPORT: [string, (r: CmsPage) => string][] = [
  ['url', (r) => r.url],
  ['family', (r) => r.family],
  ['source', (r) => r.source],
  ['source_files', (r) => r.sourceFiles.join(' ')],
  ['record', (r) => r.record],
  ['title', (r) => r.title],
  ['title_length', (r) => String(r.titleLength)],
  ['description', (r) => r.description],
  ['description_length', (r) => String(r.descriptionLength)],
  ['words', (r) => String(r.words)],
  ['last_modified', (r) => r.lastModified],
  ['indexable', (r) => String(r.indexable)],
  ['canonical', (r) => r.canonical],
  ['links_in', (r) => String(r.linksIn)],
  ['links_out', (r) => String(r.linksOut)],
  ['issues', (r) => r.issues.map((i) => ISSUE_LABELS[i]).join('; ')],
  ['views_30d', (r) => (r.views30d === null ? '' : String(r.views30d))],
  ['leads_30d', (r) => (r.leads30d === null ? '' : String(r.leads30d))],
  ['overridden', (r) => String(r.override !== null)],
]

/** Checks an override against the page and the rest of the site, as the next full build would. */
async function checkOverride(store: CmsStore, url: string, input: PageOverride) {
  const inv = store.inventory()
  const page = store.page(url)
  if (!inv || !page) throw httpError(404, 'There is no such page in the last build.')
  const errors: Record<string, string> = {}
  if (input.canonical?.startsWith('/')) {
    const target = input.canonical.length > 1 ? input.canonical.replace(/\/+$/, '') : input.canonical
    if (!store.page(target)) errors.canonical = `${input.canonical} is not a page of the site; pick a catalog URL or a full URL.`
  }
  if (input.title) {
    const head = effectiveHead(page.head, input, inv.siteUrl)
    const rows = (await rowsOf(store)).rows
    const clash = rows.find((r) => r.url !== url && r.indexable && r.title === input.title)
    if (clash && isIndexable(head, inv.siteUrl + url)) errors.title = `${clash.url} already has this title; titles must be unique.`
  }
  if (Object.keys(errors).length) throw httpError(400, 'Please correct the highlighted fields.', errors)
}

function routes(router: Router, { db }: AdminDeps, guard: Middleware[], store: CmsStore) {
  const json = adminJsonBody()
  router.get('/cms', ...guard, requirePermission('cms', 'list'), async function listCms(ctx) {
    const { range } = parseListParams(ctx.query)
    const rows = listed(ctx, (await rowsOf(store)).rows)
    ctx.set('Content-Range', `cms ${range[0]}-${Math.min(range[1], Math.max(rows.length - 1, 0))}/${rows.length}`)
    ctx.set('Access-Control-Expose-Headers', 'Content-Range')
    ctx.body = rows.slice(range[0], range[1] + 1)
  })
  router.get('/cms/export.csv', ...guard, requirePermission('cms', 'export'), async function exportCms(ctx) {
    const rows = listed(ctx, (await rowsOf(store)).rows)
    let out = `\uFEFF${csvLine(EXPORT.map(([h]) => h))}`
    for (const row of rows) out += csvLine(EXPORT.map(([, get]) => get(row)))
    ctx.set('Content-Type', 'text/csv; charset=utf-8')
    ctx.set('Content-Disposition', `attachment; filename="pages-${new Date().toISOString().slice(0, 10)}.csv"`)
    ctx.body = out
  })
  router.get('/cms/:id', ...guard, requirePermission('cms', 'show'), async function showCms(ctx) {
    const row = (await rowsOf(store)).byUrl.get(urlOf(ctx))
    if (!row) throw httpError(404, 'There is no such page in the last build.')
    ctx.body = row
  })
  /** Sets the page's overrides (all empty: removes them); answers the page and what was written. */
  router.put('/cms/:id', ...guard, requirePermission('cms', 'edit'), json, async function saveOverride(ctx) {
    const url = urlOf(ctx)
    const body = bodyOf(ctx) as Record<string, unknown>
    const input = PageOverrideSchema.parse({ title: body.title, description: body.description, noindex: body.noindex ?? null, canonical: body.canonical })
    const empty = input.title === null && input.description === null && input.noindex === null && input.canonical === null
    if (!empty) await checkOverride(store, url, input)
    else if (!store.page(url)) throw httpError(404, 'There is no such page in the last build.')
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await findOverride(w.trx, url)
      const beforeRecord = before ? { url, title: before.title, description: before.description, noindex: before.noindex, canonical: before.canonical } : null
      if (empty) {
        if (!before) return
        await w.trx('page_overrides').where({ id: before.id }).delete()
        await audit(w.trx, w.userId, 'delete', 'cms', before.id, beforeRecord, null)
        return
      }
      const now = nowIso()
      const values = { ...input, updated_by: w.userId, updated_at: now }
      let id: number
      if (before) {
        await w.trx('page_overrides').where({ id: before.id }).update(values)
        id = before.id
      } else {
        const [row] = await w
          .trx('page_overrides')
          .insert({ url, ...values, created_at: now })
          .returning('id')
        id = Number(typeof row === 'object' ? row.id : row)
      }
      await audit(w.trx, w.userId, before ? 'update' : 'create', 'cms', id, beforeRecord, { url, ...input })
    })
    store.invalidate()
    const applied = await store.applyNow(url)
    const row = (await rowsOf(store)).byUrl.get(url)
    ctx.body = { ...row, applied }
  })
  router.delete('/cms/:id', ...guard, requirePermission('cms', 'delete'), async function deleteOverride(ctx) {
    const url = urlOf(ctx)
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await findOverride(w.trx, url)
      if (!before) return
      await w.trx('page_overrides').where({ id: before.id }).delete()
      await audit(
        w.trx,
        w.userId,
        'delete',
        'cms',
        before.id,
        { url, title: before.title, description: before.description, noindex: before.noindex, canonical: before.canonical },
        null,
      )
    })
    store.invalidate()
    const applied = await store.applyNow(url)
    const row = (await rowsOf(store)).byUrl.get(url)
    if (!row) throw httpError(404, 'There is no such page in the last build.')
    ctx.body = { ...row, applied }
  })
}

/** Registers /api/admin/cms/*; returns the store so the incremental publisher can share it. */
export function registerCmsRoutes(router: Router, deps: AdminDeps, guard: Middleware[]): CmsStore {
  const store = createCmsStore(deps.db, deps.env.STATIC_DIR)
  routes(router, deps, guard, store)
  return store
}
