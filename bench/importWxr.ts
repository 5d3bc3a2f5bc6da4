// `npm run bench:import-wxr` (a benchmark, not a test; separate from bench:import, which measures
// the contact CSV import): generates WordPress WXR exports of 1,000 and 10,000 posts (~10 KB of
// Gutenberg content each, so ~100 MB at 10,000), then for each size, in a fresh process with a
// fresh SQLite database: the dry run (two streaming passes) and the full import (posts,
// revisions, item map, redirects), with their wall and CPU time and the process's peak RSS. Memory
// should stay flat as the file grows: the reader holds one item at a time and only short copied
// strings per item are kept (docs/decisions/152-blog-migration-screen.md). BENCH_WXR_SIZES="1000,10000".
// The main thread's wall time is split into on a CPU / waiting for a CPU (load) / blocked (I/O,
// the database): decision 153.
// Profiling one size: --write N file, then node --cpu-prof --import tsx bench/importWxr.ts --child N file.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { dryRun } from '../server/blogImport/dryRun.ts'
import { runImport } from '../server/blogImport/importJob.ts'
import { createDb, migrate } from '../server/db/knex.ts'
import { nowIso } from '../server/db/rows.ts'

const PARAGRAPH =
  'Most service businesses lose track of the calls their ads produce. A tracking number per source, recordings on the CRM timeline and a weekly review of booked jobs by campaign turn that noise into a budget decision you can defend.'

/** Writes a WXR file of `posts` posts (plus one attachment per ten posts) as a stream. */
async function writeWxr(file: string, posts: number) {
  const out = fs.createWriteStream(file)
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())))
  await write(
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">\n<channel><title>Bench Blog</title><link>https://bench.example.com</link><wp:wxr_version>1.2</wp:wxr_version>\n<wp:author><wp:author_login>dana</wp:author_login><wp:author_email>dana@example.com</wp:author_email><wp:author_display_name>Dana Ortiz</wp:author_display_name></wp:author>\n`,
  )
  for (let i = 1; i <= posts; i++) {
    const blocks: string[] = []
    for (let b = 0; b < 36; b++) {
      blocks.push(
        b % 6 === 0
          ? `<!-- wp:heading -->\n<h2>Section ${b / 6 + 1} of post ${i}</h2>\n<!-- /wp:heading -->`
          : `<!-- wp:paragraph -->\n<p>${PARAGRAPH} See <a href="https://bench.example.com/2024/01/post-${Math.max(1, i - 1)}/">the previous post</a>.</p>\n<!-- /wp:paragraph -->`,
      )
    }
    blocks.push(
      `<!-- wp:image -->\n<figure class="wp-block-image"><img src="https://bench.example.com/wp-content/uploads/2024/01/chart-${i}.png" alt="Chart ${i}"/></figure>\n<!-- /wp:image -->`,
    )
    await write(
      `<item><title>Bench post number ${i}</title><link>https://bench.example.com/2024/01/post-${i}/</link><dc:creator>dana</dc:creator><content:encoded><![CDATA[${blocks.join('\n\n')}]]></content:encoded><excerpt:encoded><![CDATA[Post ${i} of the benchmark.]]></excerpt:encoded><wp:post_id>${i}</wp:post_id><wp:post_date_gmt>2024-01-${String((i % 28) + 1).padStart(2, '0')} 10:00:00</wp:post_date_gmt><wp:post_name>post-${i}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><category domain="post_tag" nicename="tracking"><![CDATA[Tracking]]></category><wp:postmeta><wp:meta_key>_yoast_wpseo_metadesc</wp:meta_key><wp:meta_value><![CDATA[Benchmark post ${i}.]]></wp:meta_value></wp:postmeta></item>\n`,
    )
  }
  await write('</channel>\n</rss>\n')
  await new Promise<void>((r) => out.end(() => r()))
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`

/**
 * Where the main (JavaScript) thread's wall time went, from Linux's /proc/thread-self/schedstat:
 * on a CPU, runnable but waiting for a CPU (the other processes of a loaded machine), and the rest,
 * blocked (awaiting SQLite on its thread, fsync, file reads). Zeros where /proc is missing.
 */
function schedstat(): { cpu: number; wait: number } {
  try {
    const [cpu, wait] = fs.readFileSync('/proc/thread-self/schedstat', 'utf8').trim().split(/\s+/).map(Number)
    return { cpu: cpu / 1e6, wait: wait / 1e6 }
  } catch {
    return { cpu: 0, wait: 0 }
  }
}
function splitOf(wallMs: number, before: { cpu: number; wait: number }) {
  const after = schedstat()
  const cpu = after.cpu - before.cpu
  const wait = after.wait - before.wait
  return { cpu, wait, blocked: Math.max(0, wallMs - cpu - wait) }
}

async function child(posts: number, file: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-bench-wxr-db-'))
  const db = createDb({ varDir: dir })
  await migrate(db)
  const rssBefore = process.memoryUsage().rss
  let t = performance.now()
  let cpu = process.cpuUsage()
  let sched = schedstat()
  const plan = await dryRun({ kind: 'wordpress', file, name: path.basename(file), isSitePath: () => false })
  const dryMs = performance.now() - t
  const dryCpu = process.cpuUsage(cpu)
  const drySplit = splitOf(dryMs, sched)
  const [row] = (await db('blog_imports')
    .insert({
      kind: 'wordpress',
      file_name: path.basename(file),
      file_path: file,
      file_bytes: fs.statSync(file).size,
      status: 'queued',
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .returning('id')) as Array<{ id: number } | number>
  t = performance.now()
  cpu = process.cpuUsage()
  sched = schedstat()
  const report = await runImport(db, Number(typeof row === 'object' ? row.id : row), { isSitePath: () => false })
  const importMs = performance.now() - t
  const importCpu = process.cpuUsage(cpu)
  const importSplit = splitOf(importMs, sched)
  const peak = process.resourceUsage().maxRSS * 1024
  console.log(
    JSON.stringify({
      posts,
      fileBytes: fs.statSync(file).size,
      dryMs,
      importMs,
      // CPU time of this process (user + system): less sensitive than wall time to the other
      // processes sharing the cores; SQLite's writes run on libuv threads and count too.
      dryCpuMs: (dryCpu.user + dryCpu.system) / 1000,
      importCpuMs: (importCpu.user + importCpu.system) / 1000,
      // The main thread's wall time: on a CPU / waiting for one / blocked (I/O, the database).
      drySplit,
      importSplit,
      created: report.byOutcome.created,
      addsUp: report.addsUp,
      redirects: plan.redirects.length,
      rssBefore,
      peak,
    }),
  )
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
}

if (process.argv[2] === '--child') {
  await child(Number(process.argv[3]), process.argv[4])
} else if (process.argv[2] === '--write') {
  // Only writes the export (for profiling one size: node --cpu-prof --import tsx bench/importWxr.ts --child N file).
  await writeWxr(process.argv[4], Number(process.argv[3]))
} else {
  const sizes = (process.env.BENCH_WXR_SIZES ?? '1000,10000').split(',').map(Number)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofline-bench-wxr-'))
  console.log(
    `load: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1, 5, 15 min) on ${os.cpus().length} cores`,
  )
  console.log('posts    file      dry run (wall / cpu)   import: posts + redirects (wall / cpu)   posts/s   peak RSS   report adds up')
  try {
    for (const posts of sizes) {
      const file = path.join(dir, `export-${posts}.xml`)
      await writeWxr(file, posts)
      const run = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', String(posts), file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const line = run.stdout.trim().split('\n').pop() ?? ''
      if (run.status !== 0 || !line.startsWith('{')) throw new Error(`the ${posts}-post run failed (exit ${run.status})`)
      const r = JSON.parse(line) as {
        posts: number
        fileBytes: number
        dryMs: number
        importMs: number
        dryCpuMs: number
        importCpuMs: number
        created: number
        addsUp: boolean
        peak: number
        drySplit: { cpu: number; wait: number; blocked: number }
        importSplit: { cpu: number; wait: number; blocked: number }
      }
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
      console.log(
        `${String(r.posts).padEnd(8)} ${mb(r.fileBytes).padEnd(9)} ${`${s(r.dryMs)} / ${s(r.dryCpuMs)}`.padEnd(22)} ${`${s(r.importMs)} / ${s(r.importCpuMs)}`.padEnd(40)} ${String(Math.round(r.created / (r.importMs / 1000))).padEnd(9)} ${mb(r.peak).padEnd(10)} ${r.addsUp}`,
      )
      const split = (x: { cpu: number; wait: number; blocked: number }) => `${s(x.cpu)} on a CPU, ${s(x.wait)} waiting for one, ${s(x.blocked)} blocked`
      console.log(`         main thread, dry run: ${split(r.drySplit)}; import: ${split(r.importSplit)}`)
      fs.rmSync(file)
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
