// What the build reads from the database for /admin/cms and /admin/syndication when one is
// reachable (DATABASE_URL, or the SQLite file under var/): page-level overrides and the feed
// settings. Without a database (or before migrations) it builds from files alone and says so.
import fs from 'node:fs'
import path from 'node:path'
import { DEFAULT_FEED_SETTINGS, type FeedSettings } from '../../shared/feeds.ts'
import { createDb } from '../../server/db/knex.ts'
import { readOverrides, type PageOverrideRow } from '../../server/db/queries/pageOverrides.ts'
import { readFeedSettings } from '../../server/db/queries/siteSettings.ts'

export type CmsBuildData = { overrides: Map<string, PageOverrideRow>; feedSettings: FeedSettings }

export async function readCmsBuildData(root: string, log: (line: string) => void): Promise<CmsBuildData> {
  const none: CmsBuildData = { overrides: new Map(), feedSettings: DEFAULT_FEED_SETTINGS }
  const databaseUrl = process.env.DATABASE_URL || undefined
  const varDir = process.env.VAR_DIR || path.join(root, 'var')
  if (!databaseUrl && !fs.existsSync(path.join(varDir, 'app.sqlite'))) {
    log('cms: no database; no page overrides, default feed settings')
    return none
  }
  const db = createDb({ databaseUrl, varDir, searchPath: process.env.DATABASE_SEARCH_PATH || undefined })
  try {
    const [overrides, feedSettings] = await Promise.all([readOverrides(db), readFeedSettings(db)])
    log(`cms: ${overrides.size} page override(s) and the feed settings from the database`)
    return { overrides, feedSettings }
  } catch (error) {
    log(`cms: the database is not reachable or not migrated (${(error as Error).message.split('\n')[0]}); no page overrides, default feed settings`)
    return none
  } finally {
    await db.destroy()
  }
}
