// Staff accounts. The password hash never leaves this module except for verification.
import type { Role } from '../../../shared/permissions.ts'
import type { TableSpec } from '../tableSpec.ts'
import { insertReturningId, nowIso, toBool, toIso, type Queryable } from '../rows.ts'

export const USER_COLUMNS = ['id', 'email', 'name', 'role', 'disabled', 'must_change_password', 'last_login_at', 'created_at'] as const

export type UserRecord = {
  id: number
  email: string
  name: string
  role: Role
  disabled: boolean
  must_change_password: boolean
  last_login_at: string | null
  created_at: string | null
}

export function toUserRecord(row: Record<string, unknown>): UserRecord {
  return {
    id: Number(row.id),
    email: String(row.email),
    name: String(row.name ?? ''),
    role: row.role as Role,
    disabled: toBool(row.disabled),
    must_change_password: toBool(row.must_change_password),
    last_login_at: toIso(row.last_login_at),
    created_at: toIso(row.created_at),
  }
}

export async function countUsers(db: Queryable): Promise<number> {
  const [row] = await db('users').count({ n: '*' })
  return Number(row.n)
}

export async function findUserById(db: Queryable, id: number): Promise<UserRecord | null> {
  const row = await db('users').select(USER_COLUMNS).where({ id }).first()
  return row ? toUserRecord(row) : null
}

export async function findUserForLogin(db: Queryable, email: string): Promise<(UserRecord & { password_hash: string }) | null> {
  const row = await db('users')
    .select([...USER_COLUMNS, 'password_hash'])
    .where({ email: email.toLowerCase() })
    .first()
  return row ? { ...toUserRecord(row), password_hash: String(row.password_hash) } : null
}

export async function getPasswordHash(db: Queryable, id: number): Promise<string | null> {
  const row = await db('users').select('password_hash').where({ id }).first()
  return row ? String(row.password_hash) : null
}

export async function insertUser(
  db: Queryable,
  user: { email: string; name: string; role: Role; passwordHash: string; mustChangePassword: boolean },
  now = Date.now(),
): Promise<number> {
  const at = nowIso(now)
  return insertReturningId(db('users'), {
    email: user.email.toLowerCase(),
    name: user.name,
    role: user.role,
    password_hash: user.passwordHash,
    must_change_password: user.mustChangePassword,
    disabled: false,
    created_at: at,
    updated_at: at,
  })
}

export async function setPassword(db: Queryable, id: number, passwordHash: string, mustChange: boolean, now = Date.now()) {
  await db('users')
    .where({ id })
    .update({ password_hash: passwordHash, must_change_password: mustChange, updated_at: nowIso(now) })
}

export async function touchLastLogin(db: Queryable, id: number, now = Date.now()) {
  await db('users')
    .where({ id })
    .update({ last_login_at: nowIso(now) })
}

/** Active admins other than `exceptId`: the last active admin cannot be demoted, disabled or deleted. */
export async function countOtherActiveAdmins(db: Queryable, exceptId: number): Promise<number> {
  const [row] = await db('users').where({ role: 'admin', disabled: false }).whereNot({ id: exceptId }).count({ n: '*' })
  return Number(row.n)
}

export const usersTable: TableSpec = {
  table: 'users',
  columns: {
    id: 'int',
    email: 'text',
    name: 'text',
    role: 'text',
    disabled: 'bool',
    must_change_password: 'bool',
    last_login_at: 'time',
    created_at: 'time',
    updated_at: 'time',
  },
  hasUpdatedAt: true,
}
