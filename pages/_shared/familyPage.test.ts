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
    for (const file of ['+route.ts', '+onBeforePrerenderStart.ts', '+data.ts', '+Page.tsx']) {
      expect(fs.existsSync(path.join(pagesDir, folder, file)), `pages/${folder}/${file}`).toBe(true)
    }
  })
})
