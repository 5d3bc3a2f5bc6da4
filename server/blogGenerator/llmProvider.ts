// The writing assistant's language-model provider (issue 12): an OpenAI-compatible endpoint URL, a
// key and a model name, kept server-side in llm_provider_settings (the key never goes back to the
// browser: only whether one is set and its last 4 characters). Off by default. States, honestly:
//   not connected  no endpoint or no key, or the last connection test failed / never ran;
//   live           the last connection test reached `GET {endpoint}/models` with the key and got 2xx.
// Nothing in the generator calls the model: briefs and drafts are assembled from the site's data,
// and the screen never labels text as model-written. docs/decisions/134-blog-generator.md
import { z } from 'zod'
import { nowIso, toBool, type Queryable } from '../db/rows.ts'

export const TEST_TIMEOUT_MS = 5_000

export const ProviderSettingsSchema = z.object({
  endpointUrl: z
    .union([
      z
        .url('Enter the endpoint as an http:// or https:// URL, like https://api.example.com/v1, or leave it empty.')
        .max(2048, 'Use at most 2,048 characters.')
        .refine((u) => /^https?:\/\//i.test(u), 'Enter the endpoint as an http:// or https:// URL, like https://api.example.com/v1, or leave it empty.'),
      z.literal(''),
    ])
    .nullish()
    .transform((v) => v || null),
  /** Absent: keep the stored key; empty string: remove it. */
  apiKey: z.string().trim().max(500, 'Use at most 500 characters.').optional(),
  model: z
    .string()
    .trim()
    .max(200, 'Use at most 200 characters.')
    .nullish()
    .transform((v) => v || null),
})

export type ProviderRow = {
  endpoint_url: string | null
  api_key: string | null
  model: string | null
  last_test_at: string | null
  last_test_ok: boolean | null
  last_test_message: string | null
}

export async function loadProvider(db: Queryable): Promise<ProviderRow> {
  const row = (await db('llm_provider_settings').where({ id: 1 }).first()) as Record<string, unknown> | undefined
  return {
    endpoint_url: (row?.endpoint_url as string) ?? null,
    api_key: (row?.api_key as string) ?? null,
    model: (row?.model as string) ?? null,
    last_test_at: row?.last_test_at ? new Date(row.last_test_at as string).toISOString() : null,
    last_test_ok: row?.last_test_ok == null ? null : toBool(row.last_test_ok),
    last_test_message: (row?.last_test_message as string) ?? null,
  }
}

export type ProviderView = {
  state: 'not connected' | 'live'
  detail: string
  endpointUrl: string | null
  model: string | null
  keySet: boolean
  keyHint: string | null
  lastTest: { at: string; ok: boolean; message: string } | null
}

/** What the browser may see; `withSettings` false hides the endpoint and model from non-admins. */
export function providerView(row: ProviderRow, withSettings: boolean): ProviderView {
  const configured = Boolean(row.endpoint_url && row.api_key)
  const live = configured && row.last_test_ok === true
  const detail = !configured
    ? 'No language model is configured. Briefs and drafts are built from the site’s own data.'
    : live
      ? 'The last connection test reached the endpoint. Drafts are still assembled from the site’s data; nothing is written by the model.'
      : row.last_test_at
        ? `The last connection test failed: ${row.last_test_message ?? 'no reply'}.`
        : 'Configured but not tested: run the connection test.'
  return {
    state: live ? 'live' : 'not connected',
    detail,
    endpointUrl: withSettings ? row.endpoint_url : null,
    model: withSettings ? row.model : null,
    keySet: Boolean(row.api_key),
    keyHint: withSettings && row.api_key ? `…${row.api_key.slice(-4)}` : null,
    lastTest: row.last_test_at ? { at: row.last_test_at, ok: row.last_test_ok === true, message: row.last_test_message ?? '' } : null,
  }
}

/** Calls GET {endpoint}/models with the key; records and returns the honest outcome. */
export async function testProvider(db: Queryable, fetchImpl: typeof fetch = fetch): Promise<{ ok: boolean; message: string }> {
  const row = await loadProvider(db)
  let result: { ok: boolean; message: string }
  if (!row.endpoint_url || !row.api_key) result = { ok: false, message: 'Enter an endpoint URL and a key first' }
  else {
    const url = `${row.endpoint_url.replace(/\/+$/, '')}/models`
    try {
      const res = await fetchImpl(url, { headers: { Authorization: `Bearer ${row.api_key}` }, signal: AbortSignal.timeout(TEST_TIMEOUT_MS) })
      await res.arrayBuffer().catch(() => undefined)
      result = res.ok ? { ok: true, message: `HTTP ${res.status} from ${url}` } : { ok: false, message: `HTTP ${res.status} from ${url}` }
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause?.code
      const name = (e as Error).name
      result = {
        ok: false,
        message:
          name === 'TimeoutError'
            ? `no reply from ${url} within ${TEST_TIMEOUT_MS / 1000} s`
            : `could not reach ${url} (${cause ?? (e as Error).message}); this machine may have no internet access`,
      }
    }
  }
  await db('llm_provider_settings')
    .where({ id: 1 })
    .update({ last_test_at: nowIso(), last_test_ok: result.ok, last_test_message: result.message.slice(0, 500) })
  return result
}
