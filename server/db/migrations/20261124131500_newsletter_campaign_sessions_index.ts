// The campaign report counts the analytics sessions of one utm_campaign (issue 15's closed loop).
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('analytics_sessions', (t) => t.index(['campaign'], 'analytics_sessions_campaign_idx'))
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('analytics_sessions', (t) => t.dropIndex([], 'analytics_sessions_campaign_idx'))
}
