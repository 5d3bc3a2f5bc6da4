// Validates data files without building: `npm run validate:data` (all) or with file names
// (`npm run validate:data -- cities.yaml states.yaml`) to check only those.
import fs from 'node:fs'
import path from 'node:path'
import { DataError, dataFiles, defaultDataDir, loadData, parseBlogPost, parseDataFile } from '../data/loadData.ts'

const only = process.argv.slice(2)
try {
  if (only.length === 0) {
    const data = loadData()
    console.log(
      `data OK: ${Object.entries(data)
        .map(([k, v]) => `${k}=${Array.isArray(v) ? v.length : 1}`)
        .join(' ')}`,
    )
  } else {
    for (const name of only) {
      const file = path.basename(name)
      const full = path.join(defaultDataDir, name.startsWith('blog/') ? name : file)
      const text = fs.readFileSync(full, 'utf8')
      if (file.endsWith('.md')) {
        parseBlogPost(`blog/${file}`, text)
      } else {
        const entry = Object.values(dataFiles).find((f) => f.file === file)
        if (!entry) throw new Error(`${file} is not a known data file`)
        const value = parseDataFile(file, text, entry.schema)
        console.log(`${file} OK (${Array.isArray(value) ? `${value.length} records` : 'object'})`)
      }
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  if (error instanceof Error && 'errors' in error) for (const e of (error as { errors: DataError[] }).errors) void e
  process.exit(1)
}
