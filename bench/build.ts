// `npm run bench:build`: builds the real site, then synthetic data sets of 1,000, 5,000 and
// 10,000 cities (generated into a temp dir, never committed), and prints pages/s, total time and
// peak RSS of each build, plus the time per page to show how the build scales.
// Options: --sizes=1000,5000 (the synthetic sizes to build), --no-real (skip the real site),
// --json (also print one JSON line per build, for scripts that compare two checkouts).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import YAML from 'yaml'
import { defaultDataDir } from '../data/loadData.ts'

const root = path.resolve(import.meta.dirname, '..')
type Result = {
  pages: number
  renderSeconds: number
  totalSeconds: number
  pagesPerSecond: number
  peakRssMb: number
  phases?: Record<string, number>
}
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const sizes = (option('sizes') ?? '1000,5000,10000').split(',').map(Number)
const json = process.argv.includes('--json')

function runBuild(env: Record<string, string>): Result {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--json'], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  return JSON.parse(out.trim().split('\n').at(-1)!) as Result
}

const adjectives = ['North', 'South', 'East', 'West', 'Lake', 'Port', 'Fort', 'Mount', 'New', 'Old', 'Glen', 'Cedar', 'Pine', 'Oak', 'River', 'Spring']
const nouns = ['field', 'ford', 'ton', 'ville', 'haven', 'brook', 'dale', 'ridge', 'wood', 'port', 'view', 'crest', 'mont', 'bury', 'land', 'stead']
const industries = ['Healthcare', 'Logistics', 'Manufacturing', 'Retail', 'Hospitality', 'Construction', 'Software', 'Agriculture', 'Energy', 'Education']

/** A copy of data/ whose cities.yaml adds `count` generated cities, each with its own copy. */
function syntheticData(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `synthetic-${count}-`))
  fs.cpSync(defaultDataDir, dir, { recursive: true, filter: (src) => !src.endsWith('.ts') })
  const states = YAML.parse(fs.readFileSync(path.join(dir, 'states.yaml'), 'utf8')) as { slug: string; code: string; name: string }[]
  const cities = Array.from({ length: count }, (_, i) => {
    const state = states[i % states.length]
    const name = `${adjectives[i % 16]} ${adjectives[Math.floor(i / 16) % 16]}${nouns[Math.floor(i / 256) % 16]} ${Math.floor(i / 4096) + 1}`
    const slug = name.toLowerCase().replace(/\s+/g, '-')
    const industry = industries[i % industries.length]
    return {
      slug,
      name,
      state: state.slug,
      stateCode: state.code,
      population: 20000 + ((i * 7919) % 900000),
      metroPopulation: 60000 + ((i * 104729) % 2500000),
      geo: { lat: 25 + (i % 24), lng: -120 + (i % 50) },
      overview: `${name} is synthetic city number ${i} in ${state.name}, generated to measure how the build scales with the number of pages.`,
      economy: `The generated economy of ${name} leans on ${industry.toLowerCase()}, with ${(i % 9) + 2} large employers and a growing base of small firms.`,
      industries: [industry, industries[(i + 3) % 10], industries[(i + 6) % 10]],
      neighborhoods: [`${name} Center`, `${name} Heights`, `Old ${name}`],
      facts: [0, 1, 2, 3].map(
        (k) => `Fact ${k + 1} about ${name}: its ${industries[(i + k) % 10].toLowerCase()} sector employs about ${1000 + ((i * (k + 3)) % 9000)} people.`,
      ),
      searchLandscape: `Search competition in ${name} is ${['light', 'moderate', 'heavy'][i % 3]}, with ${(i % 12) + 3} agencies bidding on local terms in ${state.name}.`,
      services: ['seo-services'],
    }
  })
  // Keep the real cities too: other data files link to their pages.
  const real = YAML.parse(fs.readFileSync(path.join(dir, 'cities.yaml'), 'utf8')) as unknown[]
  fs.writeFileSync(path.join(dir, 'cities.yaml'), YAML.stringify([...real, ...cities]))
  return dir
}

const rows: string[] = []
const report = (label: string, r: Result) => {
  const line = `${label.padEnd(22)} ${String(r.pages).padStart(6)} pages  ${r.pagesPerSecond.toFixed(0).padStart(5)} pages/s  pre-render ${r.renderSeconds.toFixed(1).padStart(6)} s  total ${r.totalSeconds.toFixed(1).padStart(6)} s  ${((r.renderSeconds * 1000) / r.pages).toFixed(2)} ms/page  peak RSS ${r.peakRssMb.toFixed(0)} MB`
  const phases = Object.entries(r.phases ?? {})
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', ')
  rows.push(`${line}\n${''.padEnd(23)}phases (s): ${phases}`)
  console.log(rows.at(-1))
  if (json) console.log(JSON.stringify({ label, ...r }))
}

if (!process.argv.includes('--no-real')) {
  console.log('Building the real site (client, pre-render, assets, checks, compression)...')
  report('real site', runBuild({}))
}
for (const count of sizes) {
  const dataDir = syntheticData(count)
  // Inside the project: vike resolves its manifests relative to the project root.
  const outDir = path.join(root, 'dist-bench', `synthetic-${count}`)
  console.log(`Building a synthetic site with ${count} cities...`)
  try {
    report(`synthetic ${count} cities`, runBuild({ DATA_DIR: dataDir, BUILD_OUT_DIR: outDir }))
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(path.join(root, 'dist-bench'), { recursive: true, force: true })
  }
}
console.log(
  `\nSummary (${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}):\n${rows.join('\n')}`,
)
