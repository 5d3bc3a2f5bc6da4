// Staff accounts (admin only): invite with a temporary password, change role, disable (their
// sessions end at once), reset password. The last active admin cannot be demoted, disabled or
// deleted, and nobody can disable or delete themselves.
import type Router from '@koa/router'
import type { Middleware } from 'koa'
import { UserInviteSchema, UserUpdateSchema } from '../../shared/adminContract.ts'
import { bodyOf } from '../api/state.ts'
import { generatePassword, hashPassword } from '../auth/passwords.ts'
import { requirePermission } from '../auth/sessions.ts'
import type { Db } from '../db/knex.ts'
import { insertAuditLogs } from '../db/queries/auditLogs.ts'
import { deleteUserSessions } from '../db/queries/sessions.ts'
import { countOtherActiveAdmins, findUserForLogin, insertUser, setPassword, usersTable } from '../db/queries/users.ts'
import { httpError } from '../middleware/errorHandler.ts'
import { audit } from './audit.ts'
import { adminJsonBody } from './body.ts'
import { mustLoad, parseId, writeWith, type AdminDeps, type AdminResourceModule, type ResourceConfig } from './resourceRouter.ts'

const config: ResourceConfig = {
  name: 'users',
  spec: usersTable,
  defaultSort: ['name', 'ASC'],
  createSchema: UserInviteSchema,
  updateSchema: UserUpdateSchema,
  beforeUpdate: async (before, patch, w) => {
    const demoted = patch.role !== undefined && patch.role !== 'admin' && before.role === 'admin'
    const disabling = patch.disabled === true && !before.disabled
    if (disabling && before.id === w.userId) throw httpError(400, 'You cannot disable your own account.', { disabled: 'You cannot disable your own account.' })
    if ((demoted || (disabling && before.role === 'admin')) && (await countOtherActiveAdmins(w.trx, Number(before.id))) === 0) {
      const field = demoted ? 'role' : 'disabled'
      throw httpError(400, 'At least one active admin must remain.', { [field]: 'At least one active admin must remain.' })
    }
    return patch
  },
  afterUpdate: async (_before, after, w) => {
    if (after.disabled) await deleteUserSessions(w.trx, Number(after.id))
  },
  beforeDelete: async (before, w) => {
    if (before.id === w.userId) throw httpError(400, 'You cannot delete your own account.')
    if (before.role === 'admin' && !before.disabled && (await countOtherActiveAdmins(w.trx, Number(before.id))) === 0)
      throw httpError(400, 'At least one active admin must remain.')
  },
}

function postInvite(db: Db): Middleware {
  return async function postInviteHandler(ctx) {
    const { email, name, role } = UserInviteSchema.parse(bodyOf(ctx))
    if (await findUserForLogin(db, email))
      ctx.throw(400, 'Please correct the highlighted fields.', { errors: { email: 'A user with this email already exists.' } })
    const temporaryPassword = generatePassword()
    const passwordHash = await hashPassword(temporaryPassword)
    const user = await writeWith(
      db,
      ctx,
    )(async (w) => {
      const id = await insertUser(w.trx, { email, name, role, passwordHash, mustChangePassword: true })
      const record = await mustLoad(w.trx, usersTable, id)
      await audit(w.trx, w.userId, 'create', 'users', id, null, record)
      return record
    })
    ctx.status = 201
    // The record's fields at the top level (react-admin's create reads `id`), plus the contract's
    // { user, temporaryPassword }. The password is shown once and never stored in clear.
    ctx.body = { ...user, user, temporaryPassword }
  }
}

function postResetPassword(db: Db): Middleware {
  return async function postResetPasswordHandler(ctx) {
    const id = parseId(ctx.params.id)
    const temporaryPassword = generatePassword()
    const passwordHash = await hashPassword(temporaryPassword)
    await writeWith(
      db,
      ctx,
    )(async (w) => {
      const before = await mustLoad(w.trx, usersTable, id)
      await setPassword(w.trx, id, passwordHash, true)
      await deleteUserSessions(w.trx, id)
      await insertAuditLogs(w.trx, [
        {
          userId: w.userId,
          action: 'update',
          resource: 'users',
          recordId: id,
          changes: { password: ['(old)', '(reset)'], must_change_password: [before.must_change_password, true] },
        },
      ])
    })
    ctx.body = { temporaryPassword }
  }
}

export const users: AdminResourceModule = {
  config,
  routes(router: Router, { db }: AdminDeps, guard: Middleware[]) {
    router.post('/users', ...guard, requirePermission('users', 'create'), adminJsonBody(), postInvite(db))
    router.post('/users/:id/reset-password', ...guard, requirePermission('users', 'edit'), postResetPassword(db))
  },
}
