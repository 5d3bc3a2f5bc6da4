// Issue 13, web traffic with combined filters (channel = paid-search and landing page = /seo-*,
// docs/decisions/184): those read the raw sessions of the range. Through `started_at` alone a
// 90-day range reads every session of the range (1.5 M at 10 M events) to keep one channel's; this
// index reads that channel's sessions of the range only, and holds what the filtered reads use
// (landing page, first-of-day, returning), so they need not visit the table.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('analytics_sessions', (t) =>
    t.index(['channel', 'started_at', 'landing_page', 'first_of_day', 'returning'], 'analytics_sessions_channel_started_idx'),
  )
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('analytics_sessions', (t) => t.dropIndex([], 'analytics_sessions_channel_started_idx'))
}
