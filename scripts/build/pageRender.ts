// The pre-render of one catalog page without vike's per-page pipeline (decision 171): the page's
// route function, its +data hook and vike-react's onRenderHtml, called directly with the config
// values vike resolved for that page, then vike's template rendering and the page's asset tags
// (the CSS link after <head>, the client script before </body>) put where vike puts them.
//
// vike's renderPage() does the same work around a third of the render thread's time: a pageContext
// of ~50 properties copied with property descriptors several times, a URL parse, its infinite-loop
// guard, an asset manifest walk and case-insensitive regex scans of each page to inject the same
// two tags. What is captured from vike, per page (page id), comes from one renderPage() of that
// page's first URL: its `pageContext.config` (Page, Layout, Head, title, description, lang, data,
// onRenderHtml...), and the asset fragments, read off the difference between vike's HTML and
// ours. That first page is compared with vike's whole: a page whose HTML differs, whose config
// holds anything this file does not reproduce (a guard, onBeforeRender, onData...), or whose
// fragments are more than static asset tags (a serialized pageContext, a CSP nonce) keeps vike for
// all its URLs, with a warning. A URL that is not a plain path, that no or several route functions
// claim, whose HTML holds vike's asset placeholders or a second `</body>`, or whose render throws
// goes through vike too (so errors read as they always have). The error page is vike's.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** The URL vike pre-renders the error page at (its 404.html). */
export const ERROR_URL = '/404'

type Config = Record<string, unknown>
type PageContextLite = {
  urlOriginal: string
  urlPathname: string
  pageId: string
  routeParams: Record<string, string>
  is404: false
  isClientSide: false
  isPrerendering: true
  config: Config
  Page: unknown
  data?: unknown
}
type Hook = (pageContext: PageContextLite) => unknown
type RouteFn = (pageContext: { urlOriginal: string; urlPathname: string }) => unknown

/** Config values of a page that the fast path reproduces: vike-react's onRenderHtml reads the
 * head settings itself; vike's part is routing, the data hook and the asset tags. Anything else
 * (guard, onBeforeRender, onData, onCreatePageContext, a render hook of another kind...) keeps
 * vike's renderPage() for that page. */
const KNOWN_CONFIG = new Set([
  'isClientRuntimeLoaded',
  'route',
  'clientRouting',
  'onRenderHtml',
  'Page',
  'passToClient',
  'data',
  'client',
  'onBeforePrerenderStart',
  'Head',
  'Layout',
  'title',
  'description',
  'lang',
  'Loading',
])
/** A catalog URL is a plain path: vike's urlPathname is then the URL itself (nothing to decode). */
const PLAIN_URL = /^\/[A-Za-z0-9\-._~/]*$/
/** vike injects the asset tags at these markers when the HTML holds them. */
const PLACEHOLDERS = ['__VITE_PLUGIN_SSR__ASSETS_FIRST__', '__VITE_PLUGIN__SSR_ASSETS_LAST__']
/** Asset fragments that do not depend on the page: <link> and <script src> tags, no inline
 * content (vike's serialized pageContext) and no per-request nonce. */
const STATIC_TAGS = /^(?:\s*<(?:link|script)\b(?![^>]*\bnonce=)[^<>]*>(?:<\/script>)?)*\s*$/
const HEAD_OPEN = /<head(>| [^>]*>)/i
const BODY_CLOSE = /<\/body>/i

/** vike's escapeHtml (vike/dist/utils/escapeHtml.js), for the string variables of escapeInject. */
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;')

/** The HTML of an `escapeInject` template as vike's renderTemplate() flattens it (escaped strings
 * as they are, nested templates inline, plain strings escaped); undefined for anything it does
 * not handle (a stream, a promise, another type: vike would stream, warn or throw). */
export function flatten(doc: unknown): string | undefined {
  const t = (doc as { _template?: { templateStrings: readonly string[]; templateVariables: unknown[] } })?._template
  if (!t) {
    const escaped = (doc as { _escaped?: unknown })?._escaped
    return typeof escaped === 'string' ? escaped : undefined
  }
  const { templateStrings: strings, templateVariables: vars } = t
  if (strings.length !== vars.length + 1) return undefined
  let html = ''
  for (let i = 0; i < vars.length; i++) {
    html += strings[i]
    const v = vars[i] as { _escaped?: unknown; _template?: unknown } | string
    if (typeof v === 'string') html += escapeHtml(v)
    else if (v && typeof v === 'object' && typeof v._escaped === 'string') html += v._escaped
    else if (v && typeof v === 'object' && v._template) {
      const inner = flatten(v)
      if (inner === undefined) return undefined
      html += inner
    } else return undefined
  }
  return html + strings[strings.length - 1]
}

/** Where vike injects a page's asset tags: after the first `<head>` and before `</body>`, each
 * fragment with line breaks that depend on the lines around it (vike's injectBreakLines), so the
 * lines around the two points are kept and must be the same on every page. */
export type Assets = {
  /** Everything up to the end of the line holding `<head>`. */
  headLines: string
  /** Where the first fragment goes: right after `<head>`. */
  headAt: number
  headFragment: string
  /** From the line before `</body>` to the end. */
  tailLines: string
  /** Where the second fragment goes, counted from the end: right before `</body>`. */
  bodyFromEnd: number
  bodyFragment: string
}

/** The asset fragments vike added to `ours` (our HTML before injection) to give `vikes`;
 * undefined when vike's HTML is not ours with two static fragments at those points. */
export function assetsOf(ours: string, vikes: string): Assets | undefined {
  const head = HEAD_OPEN.exec(ours)
  const bodyAt = ours.search(BODY_CLOSE)
  if (!head || bodyAt < 0 || ours.lastIndexOf('</body>') !== bodyAt || PLACEHOLDERS.some((p) => ours.includes(p))) return undefined
  const headAt = head.index + head[0].length
  if (headAt > bodyAt) return undefined
  const before = ours.slice(0, headAt)
  const after = ours.slice(bodyAt)
  if (!vikes.startsWith(before) || !vikes.endsWith(after)) return undefined
  const middle = ours.slice(headAt, bodyAt)
  const injected = vikes.slice(headAt, vikes.length - after.length)
  const k = injected.indexOf(middle)
  if (k < 0) return undefined
  const headFragment = injected.slice(0, k)
  const bodyFragment = injected.slice(k + middle.length)
  if (headFragment + middle + bodyFragment !== injected || !STATIC_TAGS.test(headFragment) || !STATIC_TAGS.test(bodyFragment)) return undefined
  const headLineEnd = ours.indexOf('\n', headAt)
  return {
    headLines: ours.slice(0, headLineEnd < 0 ? headAt : headLineEnd),
    headAt,
    headFragment,
    tailLines: ours.slice(Math.max(0, ours.lastIndexOf('\n', bodyAt - 1))),
    bodyFromEnd: ours.length - bodyAt,
    bodyFragment,
  }
}

/** Our HTML with the page's asset tags, or undefined if this HTML is not shaped like the page's
 * first (its lines around `<head>` and `</body>` differ, a placeholder or a second `</body>`). */
export function inject(html: string, a: Assets): string | undefined {
  if (!html.startsWith(a.headLines) || !html.endsWith(a.tailLines)) return undefined
  const bodyAt = html.length - a.bodyFromEnd
  if (html.search(BODY_CLOSE) !== bodyAt || PLACEHOLDERS.some((p) => html.includes(p))) return undefined
  return html.slice(0, a.headAt) + a.headFragment + html.slice(a.headAt, bodyAt) + a.bodyFragment + html.slice(bodyAt)
}

type PageKind = {
  pageId: string
  /** undefined: this page renders through vike (why: in `reason`). */
  fast?: { config: Config; Page: unknown; data?: Hook; onRenderHtml: Hook; assets: Assets }
  reason?: string
}

export type RenderedPage = { body: string; statusCode: number }
/** Pages rendered each way; `vikeWhy`: why pages went through vike, with their count. */
export type RenderStats = { fast: number; vike: number; vikeWhy: Map<string, number>; learnMs: number }

export type PageRenderer = {
  /** The HTML of a catalog URL (status 200) or of the error page (ERROR_URL, status 404), as
   * vike's renderPage() answers it. Throws what renderPage() set as errorWhileRendering. */
  render(url: string): Promise<RenderedPage>
  /** The same URL through vike's renderPage() alone (for the tests). */
  renderWithVike(url: string): Promise<RenderedPage>
  stats: RenderStats
}

type VikeServer = typeof import('vike/server')
const renderers = new Map<string, Promise<PageRenderer>>()

/** The renderer of the server bundle whose entry is `serverEntry` (`<outDir>/server/entry.mjs`),
 * one per entry and process. */
export function pageRendererOf(serverEntry: string, { warn = (line: string) => console.warn(line) } = {}): Promise<PageRenderer> {
  let renderer = renderers.get(serverEntry)
  if (!renderer) {
    renderer = createPageRenderer(serverEntry, warn)
    renderers.set(serverEntry, renderer)
    renderer.catch(() => renderers.delete(serverEntry))
  }
  return renderer
}

async function createPageRenderer(serverEntry: string, warn: (line: string) => void): Promise<PageRenderer> {
  // The server entry registers the bundle's pages, hooks and assets manifest with vike. vike
  // imports each page's own entry (entries/*.mjs) when it first renders that page: importing them
  // all now, at once, overlaps their loading (and the module loader's round trips) instead of
  // paying them one by one between pages.
  const entries = path.join(path.dirname(serverEntry), 'entries')
  const pageEntries = fs.existsSync(entries) ? fs.readdirSync(entries).filter((f) => f.endsWith('.mjs')) : []
  const [vike] = await Promise.all([
    import(pathToFileURL(serverEntry).href).then((): Promise<VikeServer> => import('vike/server')),
    ...pageEntries.map((f) => import(pathToFileURL(path.join(entries, f)).href)),
  ])
  const globalContext = await vike.getGlobalContextAsync(true)
  const stats: RenderStats = { fast: 0, vike: 0, vikeWhy: new Map(), learnMs: 0 }
  // Route functions of every page but the error page; a page routed otherwise (a route string or
  // the filesystem) or a global onBeforeRoute hook keeps vike's routing for every URL.
  const routes: [string, RouteFn][] = []
  // PRERENDER_WITH_VIKE=1: every page through renderPage(), as before decision 171 (to compare).
  let routing = process.env.PRERENDER_WITH_VIKE === '1' ? 'PRERENDER_WITH_VIKE=1' : globalContext.config.onBeforeRoute ? 'a global onBeforeRoute hook' : ''
  for (const [pageId, page] of Object.entries(globalContext.pages)) {
    if (typeof page.route === 'function') routes.push([pageId, page.route as RouteFn])
    else if (pageId.endsWith('/_error')) continue
    else routing ||= `${pageId} has no route function`
  }
  if (routing && process.env.PRERENDER_WITH_VIKE !== '1') warn(`pre-render: every page through vike's renderPage() (${routing})`)
  const kinds = new Map<string, PageKind>()

  const renderWithVike = async (url: string): Promise<RenderedPage> => {
    const pageContext = await vike.renderPage({ urlOriginal: url })
    const { httpResponse, errorWhileRendering } = pageContext as typeof pageContext & { errorWhileRendering?: unknown }
    if (errorWhileRendering) throw errorWhileRendering
    const expected = url === ERROR_URL ? 404 : 200
    if (!httpResponse || httpResponse.statusCode !== expected) {
      throw new Error(
        `pre-rendering ${url} answered ${httpResponse ? `status ${httpResponse.statusCode}` : 'nothing'} (a redirect, an abort or no matching page)`,
      )
    }
    return { body: httpResponse.body, statusCode: httpResponse.statusCode }
  }
  const viaVike = (url: string, why: string) => {
    stats.vike++
    stats.vikeWhy.set(why, (stats.vikeWhy.get(why) ?? 0) + 1)
    return renderWithVike(url)
  }

  /** The one page whose route function claims the URL (vike's routing for function routes). */
  const routeOf = (url: string): string | undefined => {
    const routeContext = { urlOriginal: url, urlPathname: url }
    let found: string | undefined
    for (const [pageId, route] of routes) {
      let match: unknown
      try {
        match = route(routeContext)
      } catch {
        return undefined
      }
      if (match === false || match === undefined || match === null) continue
      // An object ({ match, routeParams, precedence }) or a promise: vike's to resolve.
      if (match !== true || found) return undefined
      found = pageId
    }
    return found
  }

  /** Our HTML of a catalog URL, before the asset tags. Throws what the data hook or React throws. */
  const ourHtml = async (pageId: string, fast: NonNullable<PageKind['fast']>, url: string) => {
    const pageContext: PageContextLite = {
      urlOriginal: url,
      urlPathname: url,
      pageId,
      routeParams: {},
      is404: false,
      isClientSide: false,
      isPrerendering: true,
      config: fast.config,
      Page: fast.Page,
    }
    if (fast.data) pageContext.data = await fast.data(pageContext)
    return flatten(await fast.onRenderHtml(pageContext))
  }

  /** The first URL of a page: rendered by vike, which gives its config; ours is compared with it. */
  const learn = async (pageId: string, url: string): Promise<RenderedPage> => {
    const started = performance.now()
    const pageContext = (await vike.renderPage({ urlOriginal: url })) as unknown as {
      httpResponse?: { statusCode: number; body: string }
      errorWhileRendering?: unknown
      pageId?: string
      config: Config
      Page: unknown
    }
    const { httpResponse, errorWhileRendering } = pageContext
    if (errorWhileRendering) throw errorWhileRendering
    if (!httpResponse || httpResponse.statusCode !== 200) {
      throw new Error(
        `pre-rendering ${url} answered ${httpResponse ? `status ${httpResponse.statusCode}` : 'nothing'} (a redirect, an abort or no matching page)`,
      )
    }
    const kind: PageKind = { pageId }
    const { config } = pageContext
    const unknown = Object.keys(config).filter((k) => !KNOWN_CONFIG.has(k))
    if (pageContext.pageId !== pageId) kind.reason = `vike routed it to ${pageContext.pageId}`
    else if (unknown.length) kind.reason = `config ${unknown.join(', ')}`
    else if (typeof config.onRenderHtml !== 'function') kind.reason = 'no onRenderHtml function'
    else if (config.data !== undefined && typeof config.data !== 'function') kind.reason = 'a data hook that is not a function'
    else {
      const candidate = { config, Page: pageContext.Page, data: config.data as Hook | undefined, onRenderHtml: config.onRenderHtml as Hook }
      let ours: string | undefined
      try {
        ours = await ourHtml(pageId, { ...candidate, assets: undefined as never }, url)
      } catch (error) {
        kind.reason = `rendering without vike threw ${String(error)}`
      }
      if (ours !== undefined) {
        const assets = assetsOf(ours, httpResponse.body)
        if (assets && inject(ours, assets) === httpResponse.body) kind.fast = { ...candidate, assets }
        else kind.reason = `its HTML differs from vike's at ${url}`
      } else kind.reason ||= `onRenderHtml answered what this file does not flatten`
    }
    if (kind.reason) warn(`pre-render: ${pageId} through vike's renderPage() (${kind.reason})`)
    kinds.set(pageId, kind)
    stats.vike++
    stats.vikeWhy.set('first page of its kind', (stats.vikeWhy.get('first page of its kind') ?? 0) + 1)
    stats.learnMs += performance.now() - started
    return { body: httpResponse.body, statusCode: 200 }
  }

  const render = async (url: string): Promise<RenderedPage> => {
    if (url === ERROR_URL || routing) return viaVike(url, routing || 'error page')
    if (!PLAIN_URL.test(url)) return viaVike(url, 'not a plain path')
    const pageId = routeOf(url)
    if (!pageId) return viaVike(url, 'no single route function claims it')
    const kind = kinds.get(pageId)
    if (!kind) return learn(pageId, url)
    if (!kind.fast) return viaVike(url, kind.reason!)
    let html: string | undefined
    try {
      html = await ourHtml(pageId, kind.fast, url)
    } catch {
      // vike renders it again and answers the error as the build always reported it.
      return viaVike(url, 'threw')
    }
    const body = html === undefined ? undefined : inject(html, kind.fast.assets)
    if (body === undefined) return viaVike(url, 'not shaped like its first page')
    stats.fast++
    return { body, statusCode: 200 }
  }
  return { render, renderWithVike, stats }
}
