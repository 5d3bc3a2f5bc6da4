// Uptime bars read every rollup of one bucket since a time (server/monitoring/uptime.ts
// uptimeSummary). With (bucket, at) alone each of the 3,360 rows of the 7-day bars is a lookup in
// the table; this index holds every column the read needs, so SQLite answers from the index
// (COVERING INDEX) and PostgreSQL can use an index-only scan. bench:monitoring, decision 135.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uptime_rollups', (t) => {
    t.index(['bucket', 'at', 'check_id', 'up', 'total', 'ms_sum', 'ms_max'], 'uptime_rollups_bars_idx')
    // Its prefix: the purge's (bucket, at < ?) uses the new index as well.
    t.dropIndex(['bucket', 'at'], 'uptime_rollups_bucket_at_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uptime_rollups', (t) => {
    t.index(['bucket', 'at'], 'uptime_rollups_bucket_at_idx')
    t.dropIndex(['bucket', 'at', 'check_id', 'up', 'total', 'ms_sum', 'ms_max'], 'uptime_rollups_bars_idx')
  })
}
