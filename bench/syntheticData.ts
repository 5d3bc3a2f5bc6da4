// Synthetic data sets for the build benches: a copy of data/ with generated cities added.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import YAML from 'yaml'
import { defaultDataDir } from '../data/loadData.ts'

const adjectives = ['North', 'South', 'East', 'West', 'Lake', 'Port', 'Fort', 'Mount', 'New', 'Old', 'Glen', 'Cedar', 'Pine', 'Oak', 'River', 'Spring']
const nouns = ['field', 'ford', 'ton', 'ville', 'haven', 'brook', 'dale', 'ridge', 'wood', 'port', 'view', 'crest', 'mont', 'bury', 'land', 'stead']
const industries = ['Healthcare', 'Logistics', 'Manufacturing', 'Retail', 'Hospitality', 'Construction', 'Software', 'Agriculture', 'Energy', 'Education']

/** A copy of data/ whose cities.yaml adds `count` generated cities, each with its own copy. */
export function syntheticData(count: number): string {
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
