// Server errors into monitoring: a 5xx answered by the error handler, a broken response, an
// unhandled promise rejection. Recording never throws and never delays the response; a database
// that cannot store the error (it may be the cause) only logs.
import path from 'node:path'
import type { Db } from '../db/knex.ts'
import type { Env } from '../env.ts'
import { currentRelease } from './builds.ts'
import { recordError } from './errors.ts'

const projectRoot = path.resolve(import.meta.dirname, '..', '..')

/** The stack with paths relative to the project, so every deployment groups the same way. */
export function relativeStack(stack: string): string {
  return stack
    .split(projectRoot + path.sep)
    .join('')
    .split(`file://${projectRoot}/`)
    .join('')
}

export function recordServerError(db: Db, env: Env, error: unknown, requestPath: string): Promise<void> {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)))
  const stack = relativeStack(err.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n')
  return recordError(db, {
    source: 'server',
    type: err.name || 'Error',
    message: err.message || err.name || 'Error',
    stack,
    path: requestPath,
    release: currentRelease(env.STATIC_DIR),
  }).then(
    () => undefined,
    (failure: unknown) => {
      if (env.NODE_ENV !== 'test' || process.env.LOG_ERRORS) console.error('[monitoring] could not record a server error:', failure)
    },
  )
}
