// What every API handler is built with.
import type { Db } from '../db/knex.ts'
import type { Writer } from '../db/groupCommit.ts'
import type { Env } from '../env.ts'
import type { ApiCatalog } from './catalog.ts'

export type HandlerDeps = {
  db: Db
  env: Env
  writer: Writer
  catalog: ApiCatalog
  /** Called after a lead's notification is committed, to wake the outbox worker. */
  notifyOutbox: () => void
}
