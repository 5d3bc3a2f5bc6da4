// The subscriber list at 100,000 rows (issue 15, decision 183): every column the admin list sorts
// by reads one index in order, so a page stops after its 25 rows instead of sorting every
// subscriber (SQLite "USE TEMP B-TREE FOR ORDER BY", PostgreSQL a parallel seq scan + sort). The
// list's order is always (column, id), so each index is (column, id). The send loop's
// `campaigns_received + 1` updates one more index entry per recipient (bench:newsletter measures
// the send rate with it). The signup source's index becomes (source, id) too: on (source) alone,
// PostgreSQL sorted the 50,000 subscribers of the "Footer" group by id for one page.
import type { Knex } from 'knex'

const SORTS = ['status', 'utm_campaign', 'confirmed_at', 'campaigns_received', 'campaigns_opened', 'campaigns_clicked', 'soft_bounces'] as const
const name = (column: string) => `newsletter_subscribers_sort_${column}_idx`

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.dropIndex([], 'newsletter_subscribers_source_idx')
    t.index(['source', 'id'], 'newsletter_subscribers_source_idx')
    for (const column of SORTS) t.index([column, 'id'], name(column))
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    for (const column of SORTS) t.dropIndex([], name(column))
    t.dropIndex([], 'newsletter_subscribers_source_idx')
    t.index(['source'], 'newsletter_subscribers_source_idx')
  })
}
