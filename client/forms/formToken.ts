// The signed form token the spam check expects with every public form (server/middleware/formSpam.ts).
import { apiRequest } from '../../shared/request.ts'

export async function fetchFormToken(): Promise<string> {
  const response = await apiRequest('GET', '/api/form-token')
  const body = (await response.json()) as { token?: unknown }
  return typeof body.token === 'string' ? body.token : ''
}
