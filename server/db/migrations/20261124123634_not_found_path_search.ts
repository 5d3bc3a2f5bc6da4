// Substring search of the 404 log's paths without a scan of the whole table (issue 10: list p95
// < 50 ms at 1,000,000 rows). SQLite: an FTS5 trigram index kept by triggers (it answers
// `path LIKE '%term%'` for terms of 3+ characters). PostgreSQL: a pg_trgm GIN index, when the
// extension can be created; without it the search still works, by scanning.
import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw('savepoint not_found_trgm')
    try {
      const found = await knex.raw(`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`)
      let schema: string = found.rows[0]?.schema
      if (!schema) {
        await knex.raw('create extension if not exists pg_trgm with schema public')
        schema = 'public'
      }
      await knex.raw(`create index not_found_log_path_trgm on not_found_log using gin (path "${schema.replace(/"/g, `""`)}".gin_trgm_ops)`)
      await knex.raw('release savepoint not_found_trgm')
    } catch (error) {
      // No privilege to create the extension: keep the scan (docs/decisions/070-redirects.md).
      await knex.raw('rollback to savepoint not_found_trgm')
      console.warn(`404 log: no trigram index (${(error as Error).message}); path search scans the table.`)
    }
    return
  }
  await knex.raw(`create virtual table not_found_log_fts using fts5(path, content='not_found_log', content_rowid='id', tokenize='trigram')`)
  await knex.raw(`create trigger not_found_log_fts_insert after insert on not_found_log begin
    insert into not_found_log_fts (rowid, path) values (new.id, new.path); end`)
  await knex.raw(`create trigger not_found_log_fts_delete after delete on not_found_log begin
    insert into not_found_log_fts (not_found_log_fts, rowid, path) values ('delete', old.id, old.path); end`)
  await knex.raw(`create trigger not_found_log_fts_update after update of path on not_found_log begin
    insert into not_found_log_fts (not_found_log_fts, rowid, path) values ('delete', old.id, old.path);
    insert into not_found_log_fts (rowid, path) values (new.id, new.path); end`)
  await knex.raw(`insert into not_found_log_fts (not_found_log_fts) values ('rebuild')`)
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw('drop index if exists not_found_log_path_trgm')
    return
  }
  for (const t of ['insert', 'delete', 'update']) await knex.raw(`drop trigger if exists not_found_log_fts_${t}`)
  await knex.raw('drop table if exists not_found_log_fts')
}
