// Issue 13 (docs/decisions/190-ingestion-on-postgresql.md): the lead indexes of `events` and
// `analytics_sessions` hold only the rows that have a lead. Almost every event is anonymous, so
// before this every insert wrote a NULL entry into `events_lead_idx` that no query reads: every
// read by lead is `lead_id = ?` or `lead_id in (…)`, which both databases answer from a partial
// index `where lead_id is not null`.
import type { Knex } from 'knex'

const INDEXES = [
  ['events', 'events_lead_idx'],
  ['analytics_sessions', 'analytics_sessions_lead_idx'],
] as const

export async function up(knex: Knex): Promise<void> {
  for (const [table, index] of INDEXES) {
    await knex.raw(`drop index ${index}`)
    await knex.raw(`create index ${index} on ${table} (lead_id) where lead_id is not null`)
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, index] of INDEXES) {
    await knex.raw(`drop index ${index}`)
    await knex.raw(`create index ${index} on ${table} (lead_id)`)
  }
}
