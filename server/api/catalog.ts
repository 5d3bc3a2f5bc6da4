// The ids a form may refer to, read once at start-up from data/ and validated with the same
// schemas as the build: city services (the quote form's choices) and job openings (applications).
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { defaultDataDir, parseDataFile } from '../../data/loadData.ts'
import { CityServiceSchema, JobSchema } from '../../data/schema.ts'

export type ApiCatalog = { services: ReadonlyMap<string, { name: string }>; jobs: ReadonlyMap<string, { title: string }> }

const cache = new Map<string, ApiCatalog>()

export function loadApiCatalog(dataDir = defaultDataDir): ApiCatalog {
  const cached = cache.get(dataDir)
  if (cached) return cached
  const read = <S extends z.ZodType>(file: string, schema: S) => parseDataFile(file, fs.readFileSync(path.join(dataDir, file), 'utf8'), schema)
  const services = read('city-services.yaml', z.array(CityServiceSchema))
  const jobs = read('jobs.yaml', z.array(JobSchema))
  const catalog: ApiCatalog = {
    services: new Map(services.map((s) => [s.id, { name: s.name }])),
    jobs: new Map(jobs.map((j) => [j.slug, { title: j.title }])),
  }
  cache.set(dataDir, catalog)
  return catalog
}
