// `npm run urls [-- family ...]`: the public URLs of the catalog (data/catalog.ts), by family,
// with their link text; aliases show the page they point at. Use it to pick `related:` links
// in data files: the list is made from the data, so it is never out of date.
import path from 'node:path'
import { buildCatalog, families, type Catalog, type Family } from '../data/catalog.ts'
import { loadData } from '../data/loadData.ts'

export function formatUrls(catalog: Catalog, only: string[] = []): string {
  const chosen = families.filter((f) => only.length === 0 || only.includes(f))
  return chosen
    .map((family: Family) => {
      const entries = catalog.ofFamily(family)
      const lines = entries.map((e) => `  ${e.url}  ${e.isAlias ? `→ ${e.canonical}` : e.label}`)
      return `${family} (${entries.length})\n${lines.join('\n')}`
    })
    .join('\n\n')
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const only = process.argv.slice(2)
  const unknown = only.filter((f) => !(families as readonly string[]).includes(f))
  if (unknown.length) {
    console.error(`Unknown family: ${unknown.join(', ')}. Families: ${families.join(', ')}`)
    process.exit(1)
  }
  console.log(formatUrls(buildCatalog(loadData(process.env.DATA_DIR || undefined)), only))
}
