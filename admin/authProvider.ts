// react-admin authProvider over /api/admin/auth: a server-side session in an HttpOnly cookie,
// the CSRF token kept in memory (authState.ts), and the role checked with the same canAccess as
// the server. A user who must change their password is sent to /change-password first.
import type { AuthProvider } from 'react-admin'
import { canAccess } from '../shared/permissions.ts'
import { authUrl, getCsrfToken, getSession, loadSession, markPasswordChanged, setSession, type SessionUser } from './authState.ts'

export const changePasswordPath = '/change-password'

export class FormError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message)
  }
}

async function postJson(path: string, body: unknown) {
  const response = await fetch(`${authUrl}${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': getCsrfToken() },
    body: JSON.stringify(body),
  })
  if (response.ok) return response.status === 204 ? null : await response.json()
  const reply = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> }
  const retry = response.headers.get('Retry-After')
  const message =
    reply.message ?? (response.status === 429 ? `Too many attempts. Try again in ${retry ?? 'a few'} seconds.` : `Request failed (${response.status}).`)
  throw new FormError(message, reply.errors)
}

/** POST /auth/password: changes the signed-in user's own password. */
export async function changePassword(currentPassword: string, newPassword: string) {
  await postJson('/password', { currentPassword, newPassword })
  markPasswordChanged()
}

export const mustChangePassword = () => getSession()?.user.mustChangePassword === true

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status

export const authProvider: AuthProvider = {
  async login({ email, username, password }: { email?: string; username?: string; password: string }) {
    const body = (await postJson('/login', { email: email ?? username, password })) as { user: SessionUser; csrfToken: string }
    setSession(body)
    return body.user.mustChangePassword ? { redirectTo: changePasswordPath } : undefined
  },
  async logout() {
    if (getSession()) {
      await fetch(`${authUrl}/logout`, { method: 'POST', credentials: 'include', headers: { 'X-CSRF-Token': getCsrfToken() } }).catch(() => undefined)
    }
    setSession(null)
    return '/login'
  },
  async checkAuth() {
    if (!(await loadSession())) throw new Error('Please sign in.')
  },
  async checkError(error: unknown) {
    const status = statusOf(error)
    if (status === 401) {
      setSession(null)
      throw new Error('Your session has ended. Please sign in again.')
    }
    // A wrong role: stay signed in and say so.
    if (status === 403) throw { logoutUser: false, message: 'You do not have permission to do that.' }
  },
  async getPermissions() {
    return (await loadSession())?.user.role ?? null
  },
  async getIdentity() {
    const current = await loadSession()
    if (!current) throw new Error('Please sign in.')
    const { id, name, email, role, mustChangePassword } = current.user
    return { id, fullName: name || email, email, role, mustChangePassword }
  },
  async canAccess({ resource, action }) {
    const role = (await loadSession())?.user.role
    if (!role) return false
    return canAccess(role, { resource, action: action === 'clone' ? 'create' : action })
  },
}
