import { useDataProvider, usePermissions } from 'react-admin'
import { canAccess } from '../../shared/permissions.ts'
import type { Role } from '../authState.ts'
import type { AdminDataProvider } from '../dataProvider.ts'

export const useAdminDataProvider = () => useDataProvider<AdminDataProvider>()

/** The signed-in role and a check bound to it (the UI hides; the server decides). */
export function useCan() {
  const { permissions } = usePermissions<Role | null>()
  const role = permissions ?? null
  return { role, can: (resource: string, action: string) => role != null && canAccess(role, { resource, action }) }
}

/** The message of a failed request, as the API's `{ message }` body or a fallback. */
export function errorMessage(error: unknown, fallback = 'The request failed.') {
  const body = (error as { body?: { message?: string } } | null)?.body
  if (body?.message) return body.message
  return error instanceof Error && error.message ? error.message : fallback
}
