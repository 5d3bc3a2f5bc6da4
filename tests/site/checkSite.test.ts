// The build's own gate: a broken internal link or a duplicate title, description or canonical
// must be reported. Runs checkSite on a copy of the shared build with two pages spoiled.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkSite, htmlFileOf } from '../../scripts/build/checkSite.ts'
import { getSiteContext } from '../../pages/_shared/siteContext.ts'

const built = path.resolve(import.meta.dirname, '../../dist/client')
const ctx = getSiteContext()
let copy = ''

beforeAll(() => {
  if (!fs.existsSync(path.join(built, 'sitemap.xml'))) throw new Error('dist/client is not built: run `npm run build` (npm test does it first)')
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'check-site-'))
  fs.cpSync(built, copy, { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) })
})
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }))

const edit = (url: string, change: (html: string) => string) => {
  const file = htmlFileOf(copy, url)
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')))
}

describe('checkSite', () => {
  it('passes the real build', () => {
    expect(checkSite(ctx, built)).toEqual([])
  })

  it('reports a broken internal link and duplicate head values', () => {
    edit('/states/ohio', (html) => html.replace('</main>', '<a href="/no-such-page#x">gone</a></main>'))
    const idahoTitle = /<title>([^<]*)<\/title>/.exec(fs.readFileSync(htmlFileOf(copy, '/states/idaho'), 'utf8'))![1]
    edit('/states/iowa', (html) => html.replace(/<title>[^<]*<\/title>/, `<title>${idahoTitle}</title>`))
    edit('/states/utah', (html) => html.replace('<h1', '<h1>Second heading</h1><h1'))
    const problems = checkSite(ctx, copy)
    expect(problems).toContain('/states/ohio: broken internal link /no-such-page#x')
    expect(problems).toContain(`/states/iowa: same title as /states/idaho: "${idahoTitle}"`)
    expect(problems).toContain('/states/utah: 2 <h1> (expected exactly 1)')
  })
})
