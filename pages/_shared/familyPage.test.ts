// Every family of the catalog, and every page of pages.yaml, has its folder in pages/ with the
// vike files that make a page: without one, its URLs would silently not be rendered.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { families, staticPaths } from '../../data/catalog.ts'

const pagesDir = path.resolve(import.meta.dirname, '..')
const folderOf = (family: string) => (family === 'static' ? [] : [family])
const pageFolders = [...families.flatMap(folderOf), ...staticPaths.filter((p) => p !== '/').map((p) => `static${p}`)]

describe('page folders', () => {
  it.each(pageFolders)('pages/%s holds its route, pre-render list, data hook and page', (folder) => {
    for (const file of ['+route.ts', 'route.ts', '+onBeforePrerenderStart.ts', '+data.ts', '+Page.tsx']) {
      expect(fs.existsSync(path.join(pagesDir, folder, file)), `pages/${folder}/${file}`).toBe(true)
    }
  })

  // vike runs every +route file at config time (its `route` setting is config-time for plugins), each
  // bundled by esbuild with the local modules it imports: 34 copies of the catalog, the data loader
  // and zod took 1.6 s of every `vike build` (decision 200). A pointer import is only a reference.
  it.each(pageFolders)('pages/%s/+route.ts points at its route function without importing it', (folder) => {
    const code = fs.readFileSync(path.join(pagesDir, folder, '+route.ts'), 'utf8')
    const imports = [...code.matchAll(/^import .*$/gm)].map((m) => m[0])
    expect(imports).toEqual([`import route from './route.ts' with { type: 'vike:pointer' }`])
  })
})
