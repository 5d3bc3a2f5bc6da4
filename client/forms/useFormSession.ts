// React side of submission.ts: the form token is fetched when the form mounts (so the fill time
// counts from then), the idempotency key lives until a submission succeeds, and after errors are
// shown the first invalid field gets focus.
import { useCallback, useEffect, useRef, type RefObject } from 'react'
import { fetchFormToken, newIdempotencyKey } from './submission.ts'

/** `active` false defers the token request until it turns true (a form not shown yet). */
export function useFormSession(active = true) {
  const token = useRef('')
  const key = useRef('')
  const refresh = useCallback(() => {
    fetchFormToken()
      .then((t) => (token.current = t))
      .catch(() => {})
  }, [])
  useEffect(() => {
    if (!active || token.current) return
    key.current ||= newIdempotencyKey()
    refresh()
  }, [active, refresh])
  return {
    /** The token fetched on mount, or a fresh one if that request failed. */
    formToken: async () => token.current || (await fetchFormToken().catch(() => '')),
    idempotencyKey: () => (key.current ||= newIdempotencyKey()),
    /** After a success: the next submission is a new request. */
    renew: () => {
      key.current = newIdempotencyKey()
      token.current = ''
      refresh()
    },
  }
}

/** Call the returned function when showing errors: the first field marked invalid gets focus. */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, errors: unknown): () => void {
  const pending = useRef(false)
  useEffect(() => {
    if (!pending.current) return
    pending.current = false
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors, form])
  return () => {
    pending.current = true
  }
}

/**
 * Text a visitor typed into the server-rendered form before its code loaded stays in the DOM but
 * not in React state; on hydration it is copied into state so nothing typed is lost.
 */
export function useValuesTypedBeforeHydration<K extends string>(form: RefObject<HTMLFormElement | null>, fields: readonly K[], adopt: (typed: Partial<Record<K, string>>) => void) {
  useEffect(() => {
    const typed: Partial<Record<K, string>> = {}
    for (const field of fields) {
      const el = form.current?.elements.namedItem(field)
      if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) && el.value) typed[field] = el.value
    }
    if (Object.keys(typed).length) adopt(typed)
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
