// The incremental publisher's inventory updates (decision 103): a small file beside the build's
// cms-inventory.json, merged by every reader into what a full build would record.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  inventoryBuiltAt,
  inventoryUpdatesFileOf,
  mergeInventory,
  readInventory,
  writeInventory,
  writeInventoryUpdates,
  type InventoryFile,
  type InventoryPage,
} from './inventory.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-updates-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const page = (url: string, title = `Title of ${url}`): InventoryPage => ({
  url,
  family: url.startsWith('/blog/') ? 'blog-post' : 'city',
  label: url,
  params: {},
  sources: ['cities.yaml'],
  isAlias: false,
  head: { title, description: 'd', canonical: `https://example.com${url}`, robots: 'index, follow' } as InventoryPage['head'],
  words: 400,
  links: ['/'],
  lastmod: '2026-11-24',
})

const base: InventoryFile = {
  version: 1,
  siteUrl: 'https://example.com',
  builtAt: '2026-11-24T10:00:00.000Z',
  pages: [page('/a'), page('/blog/old'), page('/blog/gone'), page('/z')],
  files: ['/sitemap.xml'],
}

describe('inventory updates', () => {
  it('merges changed, added and removed pages in the catalog order the publisher recorded', () => {
    const merged = mergeInventory(base, {
      version: 1,
      base: base.builtAt,
      pages: [page('/blog/new'), page('/blog/old', 'Retitled')],
      removed: ['/blog/gone'],
      order: ['/a', '/blog/new', '/blog/old', '/z'],
    })
    expect(merged.pages.map((p) => [p.url, p.head.title])).toEqual([
      ['/a', 'Title of /a'],
      ['/blog/new', 'Title of /blog/new'],
      ['/blog/old', 'Retitled'],
      ['/z', 'Title of /z'],
    ])
    expect(merged.files).toEqual(base.files)
  })

  it('ignores updates made for another build, and a new build removes them', () => {
    const file = path.join(dir, 'cms-inventory.json')
    writeInventory(file, base)
    expect(inventoryBuiltAt(file)).toBe(base.builtAt)
    const updates = { version: 1 as const, base: base.builtAt, pages: [page('/blog/new')], removed: [], order: ['/a', '/blog/new'] }
    writeInventoryUpdates(file, updates)
    expect(readInventory(file)!.pages.map((p) => p.url)).toEqual(['/a', '/blog/new', '/blog/old', '/blog/gone', '/z'])
    expect(mergeInventory({ ...base, builtAt: '2026-11-25T00:00:00.000Z' }, updates).pages).toEqual(base.pages)
    writeInventory(file, { ...base, builtAt: '2026-11-25T00:00:00.000Z' })
    expect(fs.existsSync(inventoryUpdatesFileOf(file))).toBe(false)
    expect(readInventory(file)!.pages).toEqual(base.pages)
    expect(readInventory(path.join(dir, 'missing.json'))).toBeNull()
  })
})
