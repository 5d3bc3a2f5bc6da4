// Full-text search for the admin's `q` filter and the indexes behind the admin lists and the
// dashboard. SQLite: an FTS5 table per searchable table, kept in sync by triggers (rowid = id).
// PostgreSQL: a generated tsvector column with a GIN index ('simple' config: names and emails,
// not English prose).
import type { Knex } from 'knex'

type Search = { table: string; sqlite: Record<string, string>; pg: string }

const contactEmails = (row: string) => `(select group_concat(json_extract(value, '$.email'), ' ') from json_each(${row}.emails))`
const contactPhones = (row: string) => `(select group_concat(json_extract(value, '$.number'), ' ') from json_each(${row}.phones))`

function searches(): Search[] {
  const coalesced = (cols: string[]) => cols.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `)
  return [
    {
      table: 'leads',
      sqlite: { name: 'name', email: 'email', company: 'company', phone: 'phone', message: 'message', notes: 'notes' },
      pg: `to_tsvector('simple', ${coalesced(['name', 'email', 'company', 'phone', 'message', 'notes'])})`,
    },
    {
      table: 'contacts',
      sqlite: { name: `ROW.first_name || ' ' || ROW.last_name`, title: 'title', emails: 'EMAILS', phones: 'PHONES', background: 'background' },
      pg: `to_tsvector('simple', ${coalesced(['first_name', 'last_name', 'title', 'background'])}) || jsonb_to_tsvector('simple', jsonb_path_query_array(emails, '$[*].email'), '["string"]') || jsonb_to_tsvector('simple', jsonb_path_query_array(phones, '$[*].number'), '["string"]')`,
    },
    {
      table: 'companies',
      sqlite: { name: 'name', sector: 'sector', city: 'city', state: 'state', website: 'website', description: 'description' },
      pg: `to_tsvector('simple', ${coalesced(['name', 'sector', 'city', 'state', 'website', 'description'])})`,
    },
  ]
}

function sqliteValues(s: Search, row: 'new' | 'old'): string {
  return Object.values(s.sqlite)
    .map((expr) => {
      if (expr === 'EMAILS') return contactEmails(row)
      if (expr === 'PHONES') return contactPhones(row)
      if (expr.includes('ROW.')) return expr.replaceAll('ROW.', `${row}.`)
      return `${row}.${expr}`
    })
    .join(', ')
}

export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg'
  for (const s of searches()) {
    if (pg) {
      await knex.raw(`alter table ?? add column search tsvector generated always as (${s.pg}) stored`, [s.table])
      await knex.raw(`create index ?? on ?? using gin (search)`, [`${s.table}_search_idx`, s.table])
      continue
    }
    const fts = `${s.table}_fts`
    const cols = Object.keys(s.sqlite).join(', ')
    const sourceCols = [
      ...new Set(
        Object.values(s.sqlite).flatMap((e) =>
          e === 'EMAILS' ? ['emails'] : e === 'PHONES' ? ['phones'] : e.includes('ROW.') ? ['first_name', 'last_name'] : [e],
        ),
      ),
    ].join(', ')
    await knex.raw(`create virtual table ${fts} using fts5(${cols}, tokenize = 'unicode61 remove_diacritics 2')`)
    await knex.raw(`insert into ${fts} (rowid, ${cols}) select new.id, ${sqliteValues(s, 'new')} from ${s.table} as new`)
    await knex.raw(
      `create trigger ${fts}_ai after insert on ${s.table} begin insert into ${fts} (rowid, ${cols}) values (new.id, ${sqliteValues(s, 'new')}); end`,
    )
    await knex.raw(`create trigger ${fts}_ad after delete on ${s.table} begin delete from ${fts} where rowid = old.id; end`)
    await knex.raw(
      `create trigger ${fts}_au after update of ${sourceCols} on ${s.table} begin delete from ${fts} where rowid = old.id; insert into ${fts} (rowid, ${cols}) values (new.id, ${sqliteValues(s, 'new')}); end`,
    )
  }
  // Admin lead list (newest first, spam hidden), its filters, and the dashboard aggregates.
  await knex.schema.alterTable('leads', (t) => {
    t.index(['is_spam', 'created_at'], 'leads_spam_created_idx')
    t.index(['is_spam', 'source', 'status'], 'leads_spam_source_status_idx')
    t.index(['campaign'], 'leads_campaign_idx')
    t.index(['owner_id'], 'leads_owner_idx')
  })
}

export async function down(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg'
  await knex.schema.alterTable('leads', (t) => {
    t.dropIndex([], 'leads_spam_created_idx')
    t.dropIndex([], 'leads_spam_source_status_idx')
    t.dropIndex([], 'leads_campaign_idx')
    t.dropIndex([], 'leads_owner_idx')
  })
  for (const s of searches()) {
    if (pg) await knex.raw('alter table ?? drop column if exists search', [s.table])
    else {
      for (const suffix of ['ai', 'ad', 'au']) await knex.raw(`drop trigger if exists ${s.table}_fts_${suffix}`)
      await knex.raw(`drop table if exists ${s.table}_fts`)
    }
  }
}
