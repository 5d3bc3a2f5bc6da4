// The signed-in staff member and the CSRF token, held in memory: the session itself is an
// HttpOnly cookie the page cannot read, and the token comes back from login and /auth/me.
import type { AdminUser, AuthResponse } from '../shared/adminContract.ts'

export type { Role } from '../shared/permissions.ts'
export type SessionUser = AdminUser
type Session = AuthResponse

export const authUrl = '/api/admin/auth'

let session: Session | null = null
let loading: Promise<Session | null> | null = null

export const getSession = () => session
export const getCsrfToken = () => session?.csrfToken ?? ''

export function setSession(next: Session | null) {
  session = next
  loading = null
}

export function markPasswordChanged() {
  if (session) session = { ...session, user: { ...session.user, mustChangePassword: false } }
}

/** The current session from memory, or from GET /auth/me once per page load (null when signed out). */
export function loadSession(): Promise<Session | null> {
  if (session) return Promise.resolve(session)
  loading ??= fetch(`${authUrl}/me`, { credentials: 'include', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) return null
      const body = (await response.json()) as Session
      session = body
      return body
    })
    .finally(() => {
      loading = null
    })
  return loading
}
