// The subscriber list at 100,000 rows (bench:newsletter): a status filter with a sort by email or
// signup time reads one index in order instead of sorting every row, and the search (the start of
// the email or of the name) is two index range scans.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.index(['status', 'email'], 'newsletter_subscribers_status_email_idx')
    t.index(['status', 'created_at'], 'newsletter_subscribers_status_created_idx')
  })
  await knex.raw('create index newsletter_subscribers_name_idx on newsletter_subscribers (lower(name))')
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index newsletter_subscribers_name_idx')
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.dropIndex([], 'newsletter_subscribers_status_email_idx')
    t.dropIndex([], 'newsletter_subscribers_status_created_idx')
  })
}
