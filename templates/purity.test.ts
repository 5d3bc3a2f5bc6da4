// templates/ is pure: props in, markup out. The code that runs in the browser (islands, forms,
// tracker, navigation) lives in client/; this guard keeps network calls, browser globals and
// React state out of the templates, which may only render islands through components/Island.tsx.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.dirname(new URL(import.meta.url).pathname)
const sources = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
const forbidden =
  /\b(?:window|document|localStorage|sessionStorage|navigator|location)\.|\bfetch\(|\bapiRequest\b|\buse(?:State|Effect|LayoutEffect|Reducer|Ref)\b/

describe('templates/ is pure', () => {
  it('has sources to check', () => {
    expect(sources.length).toBeGreaterThan(20)
  })
  it.each(sources)('%s uses no network, browser global or React state', (file) => {
    const code = fs.readFileSync(path.join(root, file), 'utf8').replace(/^\s*\/\/.*$/gm, '')
    expect(code.match(forbidden)?.[0]).toBeUndefined()
  })
  it('no browser code is left under templates/', () => {
    expect(fs.existsSync(path.join(root, 'islands'))).toBe(false)
  })
})
