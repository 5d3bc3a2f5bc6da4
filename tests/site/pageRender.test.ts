// The pre-render without vike's per-page pipeline (scripts/build/pageRender.ts, decision 171)
// against vike's renderPage() on the shared build (dist/): every catalog page and the error page,
// rendered both ways from the same data in one child process, must be the same HTML byte for byte,
// and every page but the first of each kind (which vike renders, to learn the page's config and
// asset tags) and the error page must have gone the fast way. The build's files themselves are
// compared with the publisher's in incrementalPublish.test.ts.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'

const root = path.resolve(import.meta.dirname, '../..')

describe('pre-rendering without vike per page', () => {
  it('gives every page of the shared build the HTML vike renders', () => {
    if (!fs.existsSync(path.join(root, 'dist', 'server', 'entry.mjs'))) throw new Error('dist/ is not built: run `npm run build` (npm test does it first)')
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build/pageRenderCompare.ts'], {
      cwd: root,
      env: { ...process.env, BUILD_OUT_DIR: '' },
      encoding: 'utf8',
    })
    if (run.status !== 0) throw new Error(`pageRenderCompare failed:\n${run.stdout}\n${run.stderr}`)
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      pages: number
      fast: number
      vike: number
      vikeWhy: Record<string, number>
      different: string[]
      warnings: string[]
    }
    const ctx = getSiteContext()
    // The kinds of page: one per family, one per static page.
    const kinds = new Set(ctx.catalog.entries.map((e) => (e.family === 'static' ? `static ${e.canonical}` : e.family)))
    expect(result.different).toEqual([])
    expect(result.warnings).toEqual([])
    expect(result.pages).toBe(ctx.catalog.entries.length + 1)
    expect(result.vikeWhy).toEqual({ 'first page of its kind': kinds.size, 'error page': 1 })
    expect(result.fast).toBe(result.pages - kinds.size - 1)
  }, 240_000)
})
