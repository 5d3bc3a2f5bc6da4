// The subscriber list's tag filter at 100,000 rows (bench:newsletter, decision 180): the JSON
// `tags` column stays the record's value (export, detail, campaign segments), and this table
// repeats it as one row per (tag, subscriber) so "tag = x" is an index range instead of opening
// the JSON of every row. Written by setSubscriberTags in the same transaction as the column.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletter_subscriber_tags', (t) => {
    t.string('tag', 40).notNullable()
    t.integer('subscriber_id').notNullable().references('id').inTable('newsletter_subscribers').onDelete('CASCADE')
    t.primary(['tag', 'subscriber_id'])
    t.index(['subscriber_id'], 'newsletter_subscriber_tags_subscriber_idx')
  })
  if (knex.client.config.client === 'pg')
    await knex.raw(
      `insert into newsletter_subscriber_tags (tag, subscriber_id)
       select distinct lower(t.value), s.id from newsletter_subscribers s, jsonb_array_elements_text(coalesce(s.tags, '[]'::jsonb)) t(value)
       where length(t.value) between 1 and 40`,
    )
  else
    await knex.raw(
      `insert or ignore into newsletter_subscriber_tags (tag, subscriber_id)
       select lower(j.value), s.id from newsletter_subscribers s, json_each(coalesce(s.tags, '[]')) j
       where j.type = 'text' and length(j.value) between 1 and 40`,
    )
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('newsletter_subscriber_tags')
}
