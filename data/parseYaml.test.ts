import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import YAML from 'yaml'
import { syntheticData } from '../bench/syntheticData.ts'
import { defaultDataDir } from './loadData.ts'
import { parseYaml } from './parseYaml.ts'

/** What the build read before decision 069, and what parseYaml must give. */
const reference = (text: string) => YAML.parse(text, { prettyErrors: true })

/** Every YAML text of a data folder: the .yaml files and the blog posts' front matter. */
function yamlTexts(dir: string): [string, string][] {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml'))
  const blog = path.join(dir, 'blog')
  const posts = fs.existsSync(blog) ? fs.readdirSync(blog).filter((f) => f.endsWith('.md')) : []
  return [
    ...files.map((f): [string, string] => [f, fs.readFileSync(path.join(dir, f), 'utf8')]),
    ...posts.map((f): [string, string] => [`blog/${f}`, /^---\n([\s\S]*?)\n---\n/.exec(fs.readFileSync(path.join(blog, f), 'utf8').replace(/\r\n/g, '\n'))![1]]),
  ]
}

describe('parseYaml (decision 069)', () => {
  it('reads every real data file and front matter to the same value as yaml', () => {
    const texts = yamlTexts(defaultDataDir)
    expect(texts.length).toBeGreaterThan(25)
    for (const [file, text] of texts) expect(parseYaml(text), file).toStrictEqual(reference(text))
  })

  it('reads the synthetic 1,000-city data set to the same value as yaml', () => {
    const dir = syntheticData(1000)
    try {
      for (const [file, text] of yamlTexts(dir)) expect(parseYaml(text), file).toStrictEqual(reference(text))
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  // Plain scalars where js-yaml's own core schema and the YAML 1.2 spec (and yaml) part ways, and
  // their neighbours: each must come out as yaml reads it.
  const scalars = [
    ...['0b101', '-0x1', '0x1F', '0X1F', '0o17', '0o', '017', '08', '-0', '+12', '1_000', '1_0.5'],
    ...['+.5', '-.5', '.5', '1.', '0.0', '1e3', '1.5e+3', '+1e3', '.5e2', '1e', '-.inf', '.Inf', '+.INF', '.nan', '.NaN', '.NAN', '-.nan'],
    ...['yes', 'no', 'on', 'off', 'Y', 'True', 'TRUE', 'tRUE', 'false', '~', 'null', 'Null', 'NULL', 'nULL', ''],
    ...['2024-01-01', '2024-01-01T10:00:00Z', '12:30:00', '1:20', "'12'", '"0x1F"', '!!str 12', '"\\u00e9"', 'a:b', '=', '555-0100'],
  ]
  it.each(scalars)('the plain scalar %j', (scalar) => {
    const text = `value: ${scalar}\nlist: [${scalar || '~'}]\n`
    expect(parseYaml(text)).toStrictEqual(reference(text))
  })

  it.each([
    ['an empty document', ''],
    ['a comment only', '# nothing here\n'],
    ['a merge key (a plain key in YAML 1.2)', 'base: &b {a: 1}\nitem:\n  <<: *b\n  c: 2\n'],
    ['an alias', 'a: &x [1, 2]\nb: *x\n'],
    ['block scalars', 'folded: >-\n  one\n  two\nliteral: |\n  one\n  two\n'],
    ['an unknown tag (yaml warns and keeps the string)', 'value: !thing text\n'],
  ])('%s', (_name, text) => {
    expect(parseYaml(text)).toStrictEqual(reference(text))
  })

  // The one difference left: a collection as a mapping key (no data schema has one) becomes a string
  // key either way, "a,b" in js-yaml and "[ a, b ]" in yaml.
  it('a collection as a key becomes a string key', () => {
    expect(Object.keys(parseYaml('? [a, b]\n: 1\n') as object)).toEqual(['a,b'])
  })

  it.each([
    ['a duplicate key', 'slug: austin\nslug: dallas\n', /Map keys must be unique at line 2, column 1/],
    ['a bad indent', 'a:\n  - 1\n - 2\n', /line 3/],
    ['two documents', '--- 1\n--- 2\n', /multiple documents/],
    ['an unclosed quote', 'name: "Austin\n', /Missing closing "quote at line 2, column 1/],
  ])("%s throws yaml's error, with the line", (_name, text, message) => {
    expect(() => reference(text)).toThrow(message)
    expect(() => parseYaml(text)).toThrow(message)
  })
})
