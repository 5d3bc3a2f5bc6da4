// Small site-wide settings edited in the admin, one JSON value per key (feeds: the feed settings).
import { DEFAULT_FEED_SETTINGS, FeedSettingsSchema, type FeedSettings } from '../../../shared/feeds.ts'
import { fromJson, nowIso, type Queryable } from '../rows.ts'

export async function readSetting<T>(db: Queryable, key: string): Promise<T | null> {
  const row = await db('site_settings').where({ key }).first()
  return row ? fromJson<T>(row.value) : null
}

export async function writeSetting(db: Queryable, key: string, value: unknown, userId: number | null) {
  const row = { key, value: JSON.stringify(value), updated_by: userId, updated_at: nowIso() }
  await db('site_settings').insert(row).onConflict('key').merge(['value', 'updated_by', 'updated_at'])
}

/** The stored feed settings, or the defaults; a stored value that no longer parses gives the defaults. */
export async function readFeedSettings(db: Queryable): Promise<FeedSettings> {
  const stored = await readSetting<unknown>(db, 'feeds')
  const parsed = FeedSettingsSchema.safeParse({ ...DEFAULT_FEED_SETTINGS, ...(stored && typeof stored === 'object' ? stored : {}) })
  return parsed.success ? parsed.data : DEFAULT_FEED_SETTINGS
}
