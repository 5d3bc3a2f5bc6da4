// Text from visitors, made storable everywhere: PostgreSQL rejects NUL characters in text and
// lone UTF-16 surrogates in jsonb (JSON allows both as \u escapes). NULs are dropped and lone
// surrogates become U+FFFD before validation, so such input is never a 5xx.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
// eslint-disable-next-line no-control-regex -- NUL is the character PostgreSQL refuses
const unsafeChar = /[\u0000\ud800-\udfff]/

export function cleanString(value: string): string {
  // eslint-disable-next-line no-control-regex -- NUL is the character PostgreSQL refuses
  return unsafeChar.test(value) ? value.replace(/\u0000/g, '').replace(loneSurrogate, '\ufffd') : value
}

/** Only escapes can put these characters into JSON text; without them the fast path is taken. */
const unsafeEscape = /\\u(0000|d[89a-f][0-9a-f]{2})/i

function clean(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return cleanString(value)
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value)
    if (entries.some(([k]) => unsafeChar.test(k))) return Object.fromEntries(entries.map(([k, v]) => [cleanString(k), v]))
  }
  return value
}

export function parseJsonText(text: string): unknown {
  return unsafeEscape.test(text) ? JSON.parse(text, clean) : JSON.parse(text)
}
