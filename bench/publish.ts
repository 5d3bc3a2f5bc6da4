// `npm run bench:publish`: how long one post takes to go live through the incremental publisher
// (server/posts/publisher.ts), against a full `npm run build` of the same site in the same run.
// For the real site and a synthetic 10,000-city site (bench/build.ts's generator): a full build
// into dist-bench/ with a SQLite database holding one published post, a copy of its client folder
// as the served site, then, with the publisher warmed the way the server warms it at start:
// publish a second post (→ live), edit it while live (→ live), unpublish it (→ gone). Each action
// is timed from the database change to the files renamed into the served folder (render, checks,
// sitemap, feeds, precompression, inventory). Timings under load are only comparable as ratios
// within one run. Options: --sizes=10000 (synthetic sizes; --sizes= skips them), --no-real.
// Then six more edits while live, alternating vike's kept pre-render setup (decision 103) with
// PUBLISH_VIKE_SETUP=off (vike's public prerender() resolving its config on every call, as before):
// the medians of both, same site, same process.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { syntheticData } from './syntheticData.ts'

const root = path.resolve(import.meta.dirname, '..')
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]

type SiteResult = {
  label: string
  pages: number
  fullBuildSeconds: number
  warmMs: number
  /** ms: until the publish call returned (chatbot index included); liveMs: until the pages were served. */
  actions: { action: string; ms: number; liveMs: number; written: number; ok: boolean; failures: string[] }[]
  /** Median ms of an edit while live with vike's setup kept, and with it resolved per call. */
  setupKeptMs: number
  setupPerCallMs: number
}

const body = (topic: string) =>
  `Most service businesses judge ${topic} by the cost per lead a platform reports. That number hides the part that matters: how many of those calls became booked jobs. ${'A call that lasts under thirty seconds, a caller outside the service area and a repeat customer all count as leads in an ads console, yet none of them is new revenue. '.repeat(8)}

## Tie every call to a job

Give each campaign its own forwarding number and record the outcome in the CRM within a day; compare [our services](/services) with the rest of [the blog](/blog). ${'Review disputed leads every week, because platforms credit back calls that were not genuine leads only when you ask within the window. '.repeat(6)}`

/** One site, in its own process (the site context and vike's registered bundle are per process). */
async function worker(label: string, dataDir: string | undefined): Promise<SiteResult> {
  const { createDb, migrate } = await import('../server/db/knex.ts')
  const { insertPost, updatePost } = await import('../server/posts/store.ts')
  const { PostCreateSchema } = await import('../shared/posts.ts')
  const { setDbPosts } = await import('../data/dbPosts.ts')
  const { readSnapshot } = await import('../server/posts/snapshot.ts')
  const { Publisher } = await import('../server/posts/publisher.ts')

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publish-'))
  const varDir = path.join(tmp, 'var')
  const outDir = path.join(root, 'dist-bench', `publish-${label.replace(/\W+/g, '-')}`)
  const liveDir = path.join(tmp, 'live', 'client')
  try {
    let db = createDb({ varDir })
    await migrate(db)
    const existing = PostCreateSchema.parse({
      title: 'Local Services Ads: From Cost per Lead to Cost per Job',
      slug: 'bench-local-services-ads-cost-per-job',
      body: body('Local Services Ads'),
      excerpt: 'How to turn the cost per lead Google reports for Local Services Ads into a cost per booked job, with call outcomes in your CRM.',
      tags: ['ppc', 'call-tracking'],
      author: 'Jordan Mercer',
    })
    const { id: existingId } = await insertPost(db, existing, null)
    await updatePost(db, existingId, { state: { status: 'published', date: '2026-11-20', publishedAt: '2026-11-20T09:00:00.000Z' } }, null)
    await db.destroy()

    const started = performance.now()
    execFileSync(process.execPath, ['scripts/buildRunner.mjs', '--json'], {
      cwd: root,
      env: { ...process.env, VAR_DIR: varDir, BUILD_OUT_DIR: outDir, DATABASE_URL: '', PRECOMPRESS_CACHE: 'off', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    const fullBuildSeconds = (performance.now() - started) / 1000
    const pages = JSON.parse(fs.readFileSync(path.join(outDir, 'build-report.json'), 'utf8')).pages as number
    fs.cpSync(path.join(outDir, 'client'), liveDir, { recursive: true })
    fs.cpSync(path.join(outDir, 'cms-inventory.json'), path.join(tmp, 'live', 'cms-inventory.json'))

    if (dataDir) process.env.DATA_DIR = dataDir
    process.env.BUILD_OUT_DIR = outDir
    db = createDb({ varDir })
    setDbPosts(await readSnapshot(db))
    const publisher = new Publisher({ root, outDir: liveDir, serverEntry: path.join(outDir, 'server', 'entry.mjs') })
    let since = performance.now()
    await publisher.warm()
    const warmMs = performance.now() - since

    const fresh = PostCreateSchema.parse({
      title: 'Call Tracking That Reports Booked Jobs, Not Calls',
      slug: 'bench-call-tracking-booked-jobs',
      body: body('call tracking'),
      excerpt: 'Why call tracking should report booked jobs per campaign rather than calls, and how to record call outcomes in the CRM within a day.',
      tags: ['ppc', 'bench-new-tag'],
      author: 'Jordan Mercer',
    })
    const { id } = await insertPost(db, fresh, null)
    const actions: SiteResult['actions'] = []
    const act = async (action: string, change: () => Promise<unknown>) => {
      since = performance.now()
      await change()
      const syncStart = performance.now()
      const receipt = await publisher.sync(db)
      const ms = performance.now() - since
      const liveMs = receipt.liveMs === undefined ? ms : syncStart - since + receipt.liveMs
      actions.push({ action, ms, liveMs, written: receipt.written.length, ok: receipt.ok, failures: receipt.failures })
    }
    await act('publish a new post', () =>
      updatePost(db, id, { state: { status: 'published', date: '2026-11-24', publishedAt: new Date().toISOString() } }, null),
    )
    await act('edit it while live', () => updatePost(db, id, { fields: { title: 'Call Tracking That Reports Booked Jobs Instead of Calls' } }, null))
    await act('unpublish it', () => updatePost(db, id, { state: { status: 'archived' } }, null))
    await act('publish it again', () => updatePost(db, id, { state: { status: 'published' } }, null))
    const ab: Record<'on' | 'off', number[]> = { on: [], off: [] }
    for (let i = 0; i < 6; i++) {
      const mode = i % 2 ? 'on' : 'off'
      process.env.PUBLISH_VIKE_SETUP = mode
      since = performance.now()
      await updatePost(db, id, { fields: { excerpt: `${fresh.excerpt} (revision ${i + 1})` } }, null)
      const receipt = await publisher.sync(db)
      if (!receipt.ok) throw new Error(`edit ${i + 1} failed: ${receipt.failures.join('; ')}`)
      ab[mode].push(performance.now() - since)
    }
    delete process.env.PUBLISH_VIKE_SETUP
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]
    await db.destroy()
    return { label, pages, fullBuildSeconds, warmMs, actions, setupKeptMs: median(ab.on), setupPerCallMs: median(ab.off) }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
    fs.rmSync(outDir, { recursive: true, force: true })
  }
}

if (option('worker')) {
  const result = await worker(option('worker')!, option('data'))
  console.log(JSON.stringify(result))
  process.exit(0)
}

// vike's prerender() imports the bundle the last build registered (node_modules/@brillout/
// vite-plugin-server-entry): put the served build's back afterwards, by rename (node_modules may
// be hard-linked into other checkouts).
const autoImporter = fileURLToPath(import.meta.resolve('@brillout/vite-plugin-server-entry/runtime')).replace(/index\.js$/, 'autoImporter.js')
const registered = fs.readFileSync(autoImporter)
const restore = () => {
  const temp = `${autoImporter}.${process.pid}.tmp`
  fs.writeFileSync(temp, registered)
  fs.renameSync(temp, autoImporter)
}

const sites: { label: string; size?: number }[] = []
if (!process.argv.includes('--no-real')) sites.push({ label: 'real site' })
for (const size of (option('sizes') ?? '10000').split(',').filter(Boolean).map(Number)) sites.push({ label: `synthetic ${size} cities`, size })

const results: SiteResult[] = []
try {
  for (const site of sites) {
    const dataDir = site.size ? syntheticData(site.size) : undefined
    console.log(`${site.label}: full build with one database post, then publish → live...`)
    try {
      const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/publish.ts', `--worker=${site.label}`, ...(dataDir ? [`--data=${dataDir}`] : [])], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const result = JSON.parse(out.trim().split('\n').at(-1)!) as SiteResult
      results.push(result)
      const full = result.fullBuildSeconds * 1000
      console.log(`  ${result.pages} pages; full build ${(full / 1000).toFixed(1)} s; publisher warm-up ${result.warmMs.toFixed(0)} ms`)
      for (const a of result.actions)
        console.log(
          `  ${a.action.padEnd(20)} ${a.liveMs.toFixed(0).padStart(6)} ms to live (${(full / a.liveMs).toFixed(0)}× faster than the full build), ${a.ms.toFixed(0).padStart(6)} ms with the chatbot index, ${String(a.written).padStart(3)} files written${a.ok ? '' : ` FAILED: ${a.failures.join('; ')}`}`,
        )
      console.log(
        `  edit while live, median of 3 each: ${result.setupKeptMs.toFixed(0)} ms with vike's setup kept, ${result.setupPerCallMs.toFixed(0)} ms with it resolved per call (${(result.setupPerCallMs / result.setupKeptMs).toFixed(2)}×)`,
      )
    } finally {
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }
} finally {
  restore()
  fs.rmSync(path.join(root, 'dist-bench'), { recursive: true, force: true })
}

const realBuild = results.find((r) => r.label === 'real site')?.fullBuildSeconds
console.log(
  `\nSummary (${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; target: live < 2 s and ≥ 10× faster than the full build of the real site):`,
)
for (const r of results) {
  const publish = r.actions[0]
  const worst = Math.max(...r.actions.map((a) => a.liveMs))
  const vsReal = realBuild ? `, ${((realBuild * 1000) / publish.liveMs).toFixed(0)}× faster than the real site's full build` : ''
  console.log(
    `${r.label.padEnd(24)} ${String(r.pages).padStart(6)} pages  full build ${r.fullBuildSeconds.toFixed(1).padStart(6)} s  publish → live ${(publish.liveMs / 1000).toFixed(2)} s (slowest action ${(worst / 1000).toFixed(2)} s; chatbot index done at ${(publish.ms / 1000).toFixed(2)} s)  ratio ${((r.fullBuildSeconds * 1000) / publish.liveMs).toFixed(0)}×${vsReal}`,
  )
}
