// The admin's output in the shared build (dist/client/admin): the code every screen needs comes in
// the libraries' own chunks beside the admin's, and the charts' library stays in the lazy chunks
// only the chart screens load (admin/vite.config.ts, docs/decisions/217-admin-vendor-chunks.md).
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const adminDir = path.resolve(import.meta.dirname, '../../dist/client/admin')
let html = ''
let initial: string[] = []

beforeAll(() => {
  if (!fs.existsSync(path.join(adminDir, 'index.html'))) throw new Error('dist/client/admin is not built: run `npm run build` (npm test does it first)')
  html = fs.readFileSync(path.join(adminDir, 'index.html'), 'utf8')
  initial = [...html.matchAll(/(?:src|href)="\/admin\/assets\/([^"]+\.js)"/g)].map((m) => m[1])
})

const read = (file: string) => fs.readFileSync(path.join(adminDir, 'assets', file), 'utf8')

describe('the admin bundle', () => {
  it('loads React, MUI, react-admin and the other libraries as chunks of their own, each one preloaded', () => {
    const names = initial.map((file) => file.replace(/-[\w-]{8}\.js$/, ''))
    expect(names).toEqual(expect.arrayContaining(['index', 'react', 'mui', 'react-admin', 'vendor']))
    // One <script> (the entry); the rest are preloaded so the browser fetches them side by side.
    expect(html.match(/<script type="module"[^>]*src="\/admin\/assets\/index-/g)).toHaveLength(1)
    for (const name of ['react', 'mui', 'react-admin', 'vendor']) expect(html).toMatch(new RegExp(`<link rel="modulepreload"[^>]*href="/admin/assets/${name}-`))
    // react-dom's own error text sits in the react chunk, not in the admin's entry.
    expect(read(initial[names.indexOf('react')])).toContain('react.dev/errors')
    expect(read(initial[names.indexOf('index')])).not.toContain('react.dev/errors')
  })

  it('keeps the charts library out of what every screen loads', () => {
    const assets = fs.readdirSync(path.join(adminDir, 'assets')).filter((file) => file.endsWith('.js'))
    const withCharts = assets.filter((file) => read(file).includes('recharts-surface'))
    expect(withCharts.length).toBeGreaterThan(0)
    expect(withCharts.filter((file) => initial.includes(file))).toEqual([])
  })
})
