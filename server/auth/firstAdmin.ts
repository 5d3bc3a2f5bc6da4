// No default password: on first start (no users at all) the first admin comes from
// ADMIN_EMAIL/ADMIN_PASSWORD, or gets a strong random password printed once to the console that
// must be changed at first sign-in.
import type { Db } from '../db/knex.ts'
import { countUsers, insertUser } from '../db/queries/users.ts'
import type { Env } from '../env.ts'
import { checkPasswordRules, generatePassword, hashPassword } from './passwords.ts'

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com'

/** A configuration problem the operator fixes (printed as one line, without a stack trace). */
export class FirstAdminError extends Error {}

export type FirstAdmin = { created: false } | { created: true; email: string; generatedPassword: string | null }

export function printCredentials(title: string, lines: string[], log: (text: string) => void = console.log) {
  const width = Math.max(title.length, ...lines.map((l) => l.length)) + 4
  const bar = '═'.repeat(width)
  const row = (text: string) => `║  ${text.padEnd(width - 2)}║`
  log(['', `╔${bar}╗`, row(title), `╟${'─'.repeat(width)}╢`, ...lines.map(row), `╚${bar}╝`, ''].join('\n'))
}

export async function ensureFirstAdmin(
  db: Db,
  env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
  log: (text: string) => void = console.log,
): Promise<FirstAdmin> {
  if ((await countUsers(db)) > 0) return { created: false }
  const email = (env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase()
  const given = env.ADMIN_PASSWORD || undefined
  if (given) {
    const problem = checkPasswordRules(given, { email })
    if (problem)
      throw new FirstAdminError(
        `ADMIN_PASSWORD is not accepted for ${email}: ${problem} Set a stronger ADMIN_PASSWORD, or leave it empty to get a generated password printed once.`,
      )
  }
  const generated = given ? null : generatePassword()
  const password = given ?? (generated as string)
  await insertUser(db, { email, name: 'Administrator', role: 'admin', passwordHash: await hashPassword(password), mustChangePassword: generated !== null })
  if (generated) {
    printCredentials(
      'First admin account created (shown only once)',
      [`Sign in at /admin/login`, `Email:    ${email}`, `Password: ${generated}`, 'You will be asked to choose a new password.'],
      log,
    )
  }
  return { created: true, email, generatedPassword: generated }
}
