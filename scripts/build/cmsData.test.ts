// The build reads page overrides and feed settings from the database when one is there, and
// builds from files alone (defaults, no overrides) when it is not, saying which.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_FEED_SETTINGS } from '../../shared/feeds.ts'
import { createDb, migrate } from '../../server/db/knex.ts'
import { readCmsBuildData } from './cmsData.ts'

const saved = { VAR_DIR: process.env.VAR_DIR, DATABASE_URL: process.env.DATABASE_URL }
afterEach(() => {
  process.env.VAR_DIR = saved.VAR_DIR
  process.env.DATABASE_URL = saved.DATABASE_URL
})

describe('readCmsBuildData', () => {
  it('without a database: no overrides, default feed settings, and says so', async () => {
    const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-build-'))
    process.env.VAR_DIR = varDir
    process.env.DATABASE_URL = ''
    const lines: string[] = []
    const data = await readCmsBuildData(varDir, (l) => lines.push(l))
    expect(data.overrides.size).toBe(0)
    expect(data.feedSettings).toEqual(DEFAULT_FEED_SETTINGS)
    expect(lines.join('\n')).toMatch(/no database/)
    fs.rmSync(varDir, { recursive: true, force: true })
  })

  it('with the SQLite file: the overrides and the feed settings', async () => {
    const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-build-'))
    const db = createDb({ varDir })
    await migrate(db)
    const at = new Date().toISOString()
    await db('page_overrides').insert({ url: '/about', title: 'About Proofline: Analysts in Austin', noindex: true, created_at: at, updated_at: at })
    await db('site_settings').insert({
      key: 'feeds',
      value: JSON.stringify({ content: 'excerpt', itemLimit: 3, hubUrl: 'https://hub.example.com/' }),
      updated_at: at,
    })
    await db.destroy()
    process.env.VAR_DIR = varDir
    process.env.DATABASE_URL = ''
    const lines: string[] = []
    const data = await readCmsBuildData(varDir, (l) => lines.push(l))
    expect(data.overrides.get('/about')).toMatchObject({
      url: '/about',
      title: 'About Proofline: Analysts in Austin',
      noindex: true,
      description: null,
      canonical: null,
    })
    expect(data.feedSettings).toEqual({ content: 'excerpt', itemLimit: 3, hubUrl: 'https://hub.example.com/' })
    expect(lines.join('\n')).toMatch(/1 page override/)
    fs.rmSync(varDir, { recursive: true, force: true })
  })
})
