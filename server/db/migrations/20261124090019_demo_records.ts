// Demo CRM records are marked (docs/decisions/061-sign-in-throttling.md): the first start of an
// empty embedded database fills a small demo set with is_demo = true, and an admin removes every
// marked row with one audited action (server/admin/demoData.ts).
import type { Knex } from 'knex'

const DEMO_TABLES = ['leads', 'companies', 'contacts', 'deals', 'activities'] as const

export async function up(knex: Knex): Promise<void> {
  for (const table of DEMO_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.boolean('is_demo').notNullable().defaultTo(false)
    })
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of DEMO_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('is_demo')
    })
  }
}
