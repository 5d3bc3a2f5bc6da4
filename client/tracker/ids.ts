// Anonymous ids of the tracker: a visitor id kept in localStorage and a session id kept in
// sessionStorage (one per tab session). Random, never derived from the person; when storage is
// blocked they live for this page load only.
export const VISITOR_KEY = 'pl_visitor_id'
export const SESSION_KEY = 'pl_session_id'

export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

const memory = new Map<string, string>()

function stored(storage: () => Storage, key: string): string {
  try {
    const existing = storage().getItem(key)
    if (existing && /^[\w-]{8,64}$/.test(existing)) return existing
    const id = randomId()
    storage().setItem(key, id)
    return id
  } catch {
    // Storage blocked (privacy mode, sandboxed frame): an id for this page load only.
    if (!memory.has(key)) memory.set(key, randomId())
    return memory.get(key)!
  }
}

export const getVisitorId = () => stored(() => localStorage, VISITOR_KEY)
export const getSessionId = () => stored(() => sessionStorage, SESSION_KEY)

/** Whether this browser already had a visitor id before this page load asked for one. */
export function hadVisitorId(): boolean {
  try {
    return Boolean(localStorage.getItem(VISITOR_KEY))
  } catch {
    return false
  }
}
