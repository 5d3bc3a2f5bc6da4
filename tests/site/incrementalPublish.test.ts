// The incremental publisher against a full build (issue 11). One full `npm run build` of data/
// plus a published database post (the SQLite file under VAR_DIR), into its own folder. A copy of
// its site is then served: unpublishing the post through the publisher removes its page and the
// tag page only it used; publishing it again must give back, byte for byte, every file the full
// build wrote (pages, sitemap, robots, redirects files, feeds, the chatbot index and their
// .br/.gz) and the same /admin/cms inventory entries. The chatbot answers the post's own question
// while it is published and no longer offers it once it is unpublished. The post has a featured
// image uploaded as webp variants: its page shows it as a responsive hero and as the Open Graph /
// Twitter card. Its tag call-tracking is marked noindex in /admin/tags: both paths give its page
// noindex robots and leave it out of the sitemap, and unmarking it re-renders the page and puts it
// back.
// A second database post is noindex with its canonical on the partner site where it first ran
// (decision 104): both paths give it noindex robots and that canonical link, and leave it out of
// the sitemap; clearing either field on the live post re-renders it, and setting them back gives
// the full build's bytes.
//
// Rendering on both cores (scripts/build/renderShard.ts) is checked against the same full build:
// the real site built a second time with `--parallel` (a worker process and the build claim chunks of
// the URLs from one queue; decision 170) from
// the same database, so its inputs (the post, its image, the noindex tag, redirects, CMS data)
// travel to the worker too. Every file of the two dist/client folders must be the same, byte for
// byte (pages, .gz, .br, feeds, sitemap, admin). The serial build is shared with the publisher's
// checks rather than built a third time (docs/decisions/067-test-time.md).
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setDbPosts } from '../../data/dbPosts.ts'
import { createDb, migrate, type Db } from '../../server/db/knex.ts'
import { Publisher } from '../../server/posts/publisher.ts'
import { mediaDirOf, storeImage } from '../../server/posts/media.ts'
import { readSnapshot } from '../../server/posts/snapshot.ts'
import { insertPost, updatePost } from '../../server/posts/store.ts'
import { readInventory } from '../../server/cms/inventory.ts'
import { PostCreateSchema } from '../../shared/posts.ts'
import { answerQuestion, type ChatIndex } from '../../shared/chatSearchIndex.ts'

const root = path.resolve(import.meta.dirname, '../..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-'))
const varDir = path.join(tmp, 'var')
const liveDir = path.join(tmp, 'live', 'client')
// Inside the project (dist-bench/ is git-ignored): vite resolves the out dir from its root.
const fullOut = path.join(root, 'dist-bench', `publish-test-${process.pid}`)
const parallelOut = path.join(root, 'dist-bench', `render-parallel-${process.pid}`)
const autoImporter = fileURLToPath(import.meta.resolve('@brillout/vite-plugin-server-entry/runtime')).replace(/index\.js$/, 'autoImporter.js')
const registered = fs.readFileSync(autoImporter)
const outDirBefore = process.env.BUILD_OUT_DIR
const varDirBefore = process.env.VAR_DIR
const heroAlt = 'A technician’s van outside a customer’s house, the call logged on a tablet'
let db: Db
let postId = 0

const body = `Most service businesses buy Local Services Ads and then judge them by the cost per lead Google reports. That number hides the part that matters: how many of those calls became booked jobs. ${'A call that lasts under thirty seconds, a caller outside the service area and a repeat customer all count as leads in the ads console, yet none of them is new revenue. '.repeat(8)}

## Tie every call to a job

Give each campaign its own forwarding number, record the call outcome in the CRM within a day, and compare [our services](/services) with the [Core Web Vitals guide](/blog/core-web-vitals-landing-pages) for landing pages. ${'Review disputed leads every week, because Google credits back calls that were not genuine leads only when you ask within the window. '.repeat(6)}`

const post = PostCreateSchema.parse({
  title: 'Local Services Ads: From Cost per Lead to Cost per Job',
  slug: 'local-services-ads-cost-per-job',
  body,
  excerpt: 'How to turn the cost per lead Google reports for Local Services Ads into a cost per booked job, with call outcomes recorded in your CRM.',
  tags: ['ppc', 'call-tracking'],
  author: 'Jordan Mercer',
})

function walk(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? walk(full, base) : [path.relative(base, full)]
  })
}
/** What publishing touches: pages, sitemap, robots, redirects files, feeds, the chatbot index, and their precompressed copies. */
const published = (rel: string) =>
  /(^|\/)(index\.html|404\.html|sitemap\.xml|robots\.txt|_redirects|redirects\.nginx\.conf|\.htaccess|feed\.xml|atom\.xml|feed\.json|chatbot-index\.json)(\.br|\.gz)?$/.test(
    rel,
  )
const postUrl = '/blog/local-services-ads-cost-per-job'
/** Syndicated from a partner's blog: noindex here, canonical there (decision 104). */
const partnerCanonical = 'https://partner.example.com/insights/ga4-consent-mode-gaps'
const syndicated = PostCreateSchema.parse({
  title: 'Consent Mode in GA4: Where the Gaps Come From',
  slug: 'ga4-consent-mode-gaps',
  body: `${'When a visitor declines analytics cookies, GA4 with consent mode sends cookieless pings instead of full events, and the reports model the missing conversions. '.repeat(10)}\n\n## Read the modelled share\n\n${'Compare the modelled conversions with the observed ones per channel before you move budget, and keep the banner’s default state the same on every page. '.repeat(8)}`,
  excerpt: 'Why GA4 reports fewer conversions after a consent banner goes live, and how to read the modelled share before you move any budget.',
  tags: ['analytics'],
  author: 'Priya Natarajan',
  noindex: true,
  canonicalUrl: partnerCanonical,
})
const syndicatedUrl = '/blog/ga4-consent-mode-gaps'
let syndicatedId = 0
/** The question a visitor would ask for this post, answered from a served chatbot index. */
const askAbout = (dir: string) => {
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'chatbot-index.json'), 'utf8')) as ChatIndex
  return { index, answer: answerQuestion(index, 'How do I turn the cost per lead of Local Services Ads into a cost per job?') }
}
const fullClient = path.join(fullOut, 'client')
const liveInventory = path.join(tmp, 'live', 'cms-inventory.json')
type Inventory = { pages: { url: string }[] }
const inventoryOf = (file: string) => readInventory(file) as Inventory

/** The full build from the database under varDir, into outDir (no precompress cache: each build compresses every file itself). */
function build(mode: 'serial' | 'parallel', outDir: string) {
  const run = spawnSync(process.execPath, ['scripts/buildRunner.mjs', mode === 'serial' ? '--serial' : '--parallel'], {
    cwd: root,
    env: { ...process.env, VAR_DIR: varDir, BUILD_OUT_DIR: outDir, DATABASE_URL: '', PRECOMPRESS_CACHE: 'off' },
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`${mode} build failed:\n${run.stdout}\n${run.stderr}`)
  return run.stdout
}

/** Every file under dir with the sha256 of its bytes, sorted by path. */
function hashes(dir: string): string[] {
  return walk(dir)
    .map(
      (rel) =>
        `${rel} ${crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(dir, rel)))
          .digest('hex')}`,
    )
    .sort()
}

let parallelLog = ''
beforeAll(async () => {
  db = createDb({ varDir })
  await migrate(db)
  // A 2000×1000 upload: variants 480×240, 960×480 and 1600×800.
  const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#1e40af' } })
    .png()
    .toBuffer()
  const image = await storeImage(png, 'van outside house.png', mediaDirOf(varDir))
  const { id } = await insertPost(db, { ...post, featuredImage: image.url, featuredImageAlt: heroAlt }, null)
  postId = id
  syndicatedId = (await insertPost(db, syndicated, null)).id
  await updatePost(db, syndicatedId, { state: { status: 'published', date: '2026-11-21', publishedAt: '2026-11-21T09:00:00.000Z' } }, null)
  await db('tags').insert({ slug: 'call-tracking', name: 'Call tracking', description: 'Tracking numbers and call outcomes.', noindex: true })
  await updatePost(db, id, { state: { status: 'published', date: '2026-11-23', publishedAt: '2026-11-23T09:00:00.000Z' } }, null)
  await db.destroy()
  // The parallel build first: the publisher renders with the bundle the last build registered
  // with vike (registeredServerEntry), which must be the serial build's.
  parallelLog = build('parallel', parallelOut)
  const serialLog = build('serial', fullOut)
  if (!serialLog.includes('posts: data/blog/ plus 2 published post(s) from SQLite'))
    throw new Error(`the build did not say where posts came from:\n${serialLog}`)
  fs.cpSync(fullClient, liveDir, { recursive: true })
  fs.cpSync(path.join(fullOut, 'cms-inventory.json'), liveInventory)
  // The publisher renders with the full build's bundle, as a server would with its own build.
  process.env.BUILD_OUT_DIR = fullOut
  // The server reads the upload's variants from its own VAR_DIR, as the build did.
  process.env.VAR_DIR = varDir
  db = createDb({ varDir })
  setDbPosts(await readSnapshot(db))
}, 900_000)

afterAll(async () => {
  // By rename: node_modules may be hard-linked into other checkouts.
  fs.writeFileSync(`${autoImporter}.${process.pid}.tmp`, registered)
  fs.renameSync(`${autoImporter}.${process.pid}.tmp`, autoImporter)
  if (outDirBefore === undefined) delete process.env.BUILD_OUT_DIR
  else process.env.BUILD_OUT_DIR = outDirBefore
  if (varDirBefore === undefined) delete process.env.VAR_DIR
  else process.env.VAR_DIR = varDirBefore
  setDbPosts(undefined)
  await db?.destroy()
  fs.rmSync(tmp, { recursive: true, force: true })
  fs.rmSync(fullOut, { recursive: true, force: true })
  fs.rmSync(parallelOut, { recursive: true, force: true })
})

describe('pre-rendering on both cores', () => {
  it('writes every file of dist/client byte for byte as the serial build', () => {
    const serial = hashes(fullClient)
    const parallel = hashes(path.join(parallelOut, 'client'))
    expect(serial.length).toBeGreaterThan(1000)
    expect(parallel).toEqual(serial)
  })

  it('counts every page once, across both processes', () => {
    const pages = fs.readdirSync(path.join(parallelOut, 'client'), { recursive: true }).filter((f) => String(f).endsWith('.html')).length
    const line = parallelLog.split('\n').find((l) => l.startsWith('pre-rendered ') && l.includes(' pages in '))
    expect(line).toBeDefined()
    const counted = Number(/^pre-rendered (\d+) pages/.exec(line!)![1])
    expect(counted).toBeGreaterThan(300)
    expect(counted).toBeLessThanOrEqual(pages)
  })
})

describe('incremental publishing', () => {
  const publisher = () => new Publisher({ root, outDir: liveDir, serverEntry: path.join(fullOut, 'server', 'entry.mjs') })
  let p: Publisher

  it('shows the featured image as a responsive hero with its alt text, and as the og:image and twitter:image', () => {
    const html = fs.readFileSync(path.join(fullClient, 'blog/local-services-ads-cost-per-job/index.html'), 'utf8')
    const img = /<img [^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0]
    expect(img).toBeDefined()
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(img!)?.[1]
    const name = /\/media\/posts\/(van-outside-house-[0-9a-f]{8})-960w\.webp/.exec(attr('src') ?? '')?.[1]
    expect(name).toBeDefined()
    expect(attr('alt')).toBe(heroAlt)
    expect(attr('srcset')).toBe(`/media/posts/${name}-480w.webp 480w, /media/posts/${name}-960w.webp 960w, /media/posts/${name}-1600w.webp 1600w`)
    expect(attr('sizes')).toContain('720px')
    expect([attr('width'), attr('height'), attr('loading')]).toEqual(['960', '480', 'eager'])
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]
    expect(meta('og:image')?.replace(/^https?:\/\/[^/]+/, '')).toBe(`/media/posts/${name}-1600w.webp`)
    expect(meta('og:image')).toMatch(/^https?:\/\//)
    expect(meta('twitter:image')).toBe(meta('og:image'))
    expect([meta('og:image:width'), meta('og:image:height'), meta('og:image:alt'), meta('twitter:image:alt')]).toEqual(['1600', '800', heroAlt, heroAlt])
    // A file post (no featured image) keeps the family's card and no hero.
    const filePage = fs.readFileSync(path.join(fullClient, 'blog/core-web-vitals-landing-pages/index.html'), 'utf8')
    expect(filePage).toContain('<meta property="og:image:width" content="1200"/>')
    expect(filePage).not.toMatch(/<img [^>]*fetchpriority|og:image:alt/i)
  })

  it('the full build gives the noindex tag the site’s noindex robots and leaves it out of the sitemap', () => {
    const tagPage = fs.readFileSync(path.join(fullClient, 'tag/call-tracking/index.html'), 'utf8')
    expect(tagPage).toContain('<meta name="robots" content="noindex, follow"/>')
    expect(fs.readFileSync(path.join(fullClient, 'tag/ppc/index.html'), 'utf8')).toContain('<meta name="robots" content="index, follow')
    const sitemap = fs.readFileSync(path.join(fullClient, 'sitemap.xml'), 'utf8')
    expect(sitemap).not.toContain('/tag/call-tracking<')
    expect(sitemap).toContain('/tag/ppc<')
  })

  it('unpublishing removes the post page and the tag page only it used, and leaves the sitemap', async () => {
    p = publisher()
    await db('posts').where({ id: postId }).update({ status: 'archived' })
    const preview = await p.sync(db, { dryRun: true })
    expect(preview.ok).toBe(true)
    expect(preview.impact.removed.sort()).toEqual(['/blog/local-services-ads-cost-per-job', '/tag/call-tracking'])
    expect(fs.existsSync(path.join(liveDir, 'blog/local-services-ads-cost-per-job/index.html'))).toBe(true)

    const receipt = await p.sync(db)
    expect(receipt.failures).toEqual([])
    expect(receipt.ok).toBe(true)
    expect(receipt.impact.changed).toContain('/blog')
    expect(receipt.impact.changed).toContain('/tag/ppc')
    for (const f of ['index.html', 'index.html.br', 'index.html.gz'])
      expect(fs.existsSync(path.join(liveDir, 'blog/local-services-ads-cost-per-job', f))).toBe(false)
    expect(fs.readFileSync(path.join(liveDir, 'sitemap.xml'), 'utf8')).not.toContain('local-services-ads-cost-per-job')
    expect(fs.readFileSync(path.join(liveDir, 'blog/index.html'), 'utf8')).not.toContain('/blog/local-services-ads-cost-per-job')
    expect(fs.existsSync(path.join(liveDir, 'tag/call-tracking/feed.xml'))).toBe(false)
    expect(fs.readFileSync(path.join(liveDir, 'blog/feed.xml'), 'utf8')).not.toContain('local-services-ads-cost-per-job')
    expect(receipt.written).toContain('/chatbot-index.json')
    expect(receipt.liveMs).toBeLessThanOrEqual(receipt.durationMs)
    // The chatbot no longer offers the post: not among its documents, not among its answers.
    const { index, answer } = askAbout(liveDir)
    expect(index.docs.map((d) => d.url)).not.toContain(postUrl)
    expect(answer.hits.map((h) => h.doc.url)).not.toContain(postUrl)
    const urls = inventoryOf(liveInventory).pages.map((p) => p.url)
    expect(urls).not.toContain('/blog/local-services-ads-cost-per-job')
    expect(urls).not.toContain('/tag/call-tracking')
  }, 300_000)

  it('publishing it again writes exactly the bytes of the full build', async () => {
    await db('posts').where({ id: postId }).update({ status: 'published' })
    const preview = await p.sync(db, { dryRun: true })
    expect(preview.impact.added.sort()).toEqual(['/blog/local-services-ads-cost-per-job', '/tag/call-tracking'])
    expect(preview.written).toEqual([])
    const receipt = await p.sync(db)
    expect(receipt.ok).toBe(true)
    expect(receipt.written).toContain('/blog/local-services-ads-cost-per-job/index.html')
    expect(receipt.written).toContain('/sitemap.xml')
    expect(receipt.written).toContain('/chatbot-index.json')
    // Published again: its title question leads to it first.
    expect(askAbout(liveDir).answer.hits[0]?.doc.url).toBe(postUrl)
    const fullFiles = walk(fullClient).filter(published).sort()
    expect(walk(liveDir).filter(published).sort()).toEqual(fullFiles)
    const different = fullFiles.filter((rel) => !fs.readFileSync(path.join(fullClient, rel)).equals(fs.readFileSync(path.join(liveDir, rel))))
    expect(different).toEqual([])
    // The /admin/cms inventory holds the same pages, in the same order, as the full build's.
    expect(inventoryOf(liveInventory).pages).toEqual(inventoryOf(path.join(fullOut, 'cms-inventory.json')).pages)
  }, 300_000)

  it('unmarking the tag’s noindex re-renders its page into the sitemap; marking it again gives back the full build’s bytes', async () => {
    await db('tags').where({ slug: 'call-tracking' }).update({ noindex: false })
    const receipt = await p.sync(db)
    expect(receipt.failures).toEqual([])
    expect(receipt.impact.changed).toContain('/tag/call-tracking')
    expect(receipt.written).toEqual(expect.arrayContaining(['/tag/call-tracking/index.html', '/sitemap.xml']))
    expect(fs.readFileSync(path.join(liveDir, 'tag/call-tracking/index.html'), 'utf8')).toContain('<meta name="robots" content="index, follow')
    expect(fs.readFileSync(path.join(liveDir, 'sitemap.xml'), 'utf8')).toContain('/tag/call-tracking<')

    await db('tags').where({ slug: 'call-tracking' }).update({ noindex: true })
    expect((await p.sync(db)).ok).toBe(true)
    const fullFiles = walk(fullClient).filter(published).sort()
    const different = fullFiles.filter((rel) => !fs.readFileSync(path.join(fullClient, rel)).equals(fs.readFileSync(path.join(liveDir, rel))))
    expect(different).toEqual([])
    expect(inventoryOf(liveInventory).pages).toEqual(inventoryOf(path.join(fullOut, 'cms-inventory.json')).pages)
    // The build's inventory file itself is never rewritten: publishes go to its small updates file.
    expect(fs.readFileSync(liveInventory).equals(fs.readFileSync(path.join(fullOut, 'cms-inventory.json')))).toBe(true)
    expect(fs.existsSync(path.join(tmp, 'live', 'cms-inventory.updates.json'))).toBe(true)
  }, 300_000)

  it('the full build gives the noindex post noindex robots and its own canonical link, and leaves it out of the sitemap', () => {
    const page = fs.readFileSync(path.join(fullClient, 'blog/ga4-consent-mode-gaps/index.html'), 'utf8')
    expect(page).toContain('<meta name="robots" content="noindex, follow"/>')
    expect(page).toContain(`<link rel="canonical" href="${partnerCanonical}"/>`)
    expect(page).toContain(`<meta property="og:url" content="${partnerCanonical}"/>`)
    expect(page).toContain(`"mainEntityOfPage":"${partnerCanonical}"`)
    const sitemap = fs.readFileSync(path.join(fullClient, 'sitemap.xml'), 'utf8')
    expect(sitemap).not.toContain(`${syndicatedUrl}<`)
    expect(sitemap).toContain(`${postUrl}<`)
    // Still listed on /blog, its tag page and the feeds (decision 104).
    expect(fs.readFileSync(path.join(fullClient, 'blog/index.html'), 'utf8')).toContain(`href="${syndicatedUrl}"`)
    expect(fs.readFileSync(path.join(fullClient, 'tag/analytics/index.html'), 'utf8')).toContain(`href="${syndicatedUrl}"`)
    expect(fs.readFileSync(path.join(fullClient, 'blog/feed.xml'), 'utf8')).toContain(syndicatedUrl)
  })

  it('clearing the post’s noindex, then its canonical, re-renders it; setting them back gives back the full build’s bytes', async () => {
    const page = () => fs.readFileSync(path.join(liveDir, 'blog/ga4-consent-mode-gaps/index.html'), 'utf8')
    const sitemap = () => fs.readFileSync(path.join(liveDir, 'sitemap.xml'), 'utf8')
    const origin = /<link rel="canonical" href="(https?:\/\/[^"/]+)\/blog\/local-services-ads-cost-per-job"/.exec(
      fs.readFileSync(path.join(liveDir, 'blog/local-services-ads-cost-per-job/index.html'), 'utf8'),
    )![1]

    await db('posts').where({ id: syndicatedId }).update({ noindex: false })
    let receipt = await p.sync(db)
    expect(receipt.failures).toEqual([])
    expect(receipt.impact.changed).toContain(syndicatedUrl)
    expect(receipt.written).toContain('/blog/ga4-consent-mode-gaps/index.html')
    expect(page()).toContain('<meta name="robots" content="index, follow')
    expect(page()).toContain(`<link rel="canonical" href="${partnerCanonical}"/>`)
    // Canonical elsewhere: still not in the sitemap.
    expect(sitemap()).not.toContain(`${syndicatedUrl}<`)

    await db('posts').where({ id: syndicatedId }).update({ canonical_url: null })
    receipt = await p.sync(db)
    expect(receipt.failures).toEqual([])
    expect(receipt.impact.changed).toContain(syndicatedUrl)
    expect(receipt.written).toEqual(expect.arrayContaining(['/blog/ga4-consent-mode-gaps/index.html', '/sitemap.xml']))
    expect(page()).toContain(`<link rel="canonical" href="${origin}${syndicatedUrl}"/>`)
    expect(sitemap()).toContain(`${syndicatedUrl}<`)

    await db('posts').where({ id: syndicatedId }).update({ noindex: true, canonical_url: partnerCanonical })
    receipt = await p.sync(db)
    expect(receipt.ok).toBe(true)
    expect(receipt.impact.changed).toContain(syndicatedUrl)
    const fullFiles = walk(fullClient).filter(published).sort()
    expect(walk(liveDir).filter(published).sort()).toEqual(fullFiles)
    const different = fullFiles.filter((rel) => !fs.readFileSync(path.join(fullClient, rel)).equals(fs.readFileSync(path.join(liveDir, rel))))
    expect(different).toEqual([])
    expect(inventoryOf(liveInventory).pages).toEqual(inventoryOf(path.join(fullOut, 'cms-inventory.json')).pages)
  }, 300_000)
})
