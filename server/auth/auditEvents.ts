// Sign-in events in the audit log, on the account they concern (resource "users"): sign-ins,
// sign-outs and password changes by the user themself, and failed sign-ins with the email tried
// and why (no actor: nobody is signed in; no record when the email matches no account).
// Attempts refused by the throttle check no password and are not recorded.
import { insertAuditLogs } from '../db/queries/auditLogs.ts'
import type { Queryable } from '../db/rows.ts'

export type SignInFailure = 'unknown email' | 'wrong password' | 'disabled account'

export type SignInEvent =
  | { action: 'sign_in' | 'sign_out' | 'password_change'; userId: number }
  | { action: 'sign_in_failed'; email: string; accountId: number | null; reason: SignInFailure }

export async function auditSignInEvent(db: Queryable, event: SignInEvent) {
  if (event.action === 'sign_in_failed') {
    const changes = { email: [null, event.email] as [unknown, unknown], reason: [null, event.reason] as [unknown, unknown] }
    await insertAuditLogs(db, [{ userId: null, action: event.action, resource: 'users', recordId: event.accountId, changes }])
  } else {
    await insertAuditLogs(db, [{ userId: event.userId, action: event.action, resource: 'users', recordId: event.userId, changes: {} }])
  }
}

export const signInFailure = (user: { disabled: boolean } | null, passwordOk: boolean): SignInFailure =>
  !user ? 'unknown email' : !passwordOk ? 'wrong password' : 'disabled account'
