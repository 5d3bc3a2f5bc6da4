// `node --import tsx scripts/build/pageRenderCompare.ts`: renders every catalog URL and the error
// page of a build (BUILD_OUT_DIR, default dist/) twice, with the pre-render's own path
// (pageRender.ts, decision 171) and with vike's renderPage(), from the same data (DATA_DIR and
// the database posts, read as the build reads them), and prints one JSON line: how many pages,
// how many went the fast way, why the others went through vike, and every URL whose HTML differs.
// tests/site/pageRender.test.ts runs it on the shared build.
import path from 'node:path'
import { setDbPosts } from '../../data/dbPosts.ts'
import { defaultDataDir } from '../../data/loadData.ts'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'
import { readBuildSnapshot } from '../../server/posts/snapshot.ts'
import { ERROR_URL, pageRendererOf } from './pageRender.ts'

const root = path.resolve(import.meta.dirname, '../..')
process.env.DATA_DIR ||= defaultDataDir
setDbPosts(await readBuildSnapshot(root, () => {}))
const ctx = getSiteContext({ share: true })
const warnings: string[] = []
const renderer = await pageRendererOf(path.join(path.resolve(root, process.env.BUILD_OUT_DIR || 'dist'), 'server', 'entry.mjs'), {
  warn: (line) => warnings.push(line),
})
const different: string[] = []
const urls = [...ctx.catalog.entries.map((e) => e.url), ERROR_URL]
for (const url of urls) {
  const ours = await renderer.render(url)
  const vikes = await renderer.renderWithVike(url)
  if (ours.body !== vikes.body || ours.statusCode !== vikes.statusCode) different.push(url)
}
const { fast, vike, vikeWhy } = renderer.stats
console.log(JSON.stringify({ pages: urls.length, fast, vike, vikeWhy: Object.fromEntries(vikeWhy), different, warnings }))
process.exit(0)
