// The toast store (spec sections 4 and 9): one toast at a time, shown for 5000 ms unless given
// another duration. Islands are separate React roots, so the store is a module they share; the
// Toaster island renders whatever it holds. A dismissed toast is removed at once (decision 022).
export type ToastVariant = 'default' | 'destructive'
export type Toast = { id: number; title: string; description?: string; variant: ToastVariant; duration: number }
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; duration?: number }

export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000

let nextId = 1
let toasts: readonly Toast[] = []
const listeners = new Set<() => void>()

function emit(next: readonly Toast[]) {
  toasts = next
  for (const listener of listeners) listener()
}

/** Shows a toast, replacing the one on screen (the limit is one). Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++
  emit(
    [
      { id, title: input.title, description: input.description, variant: input.variant ?? 'default', duration: input.duration ?? TOAST_DURATION_MS },
      ...toasts,
    ].slice(0, TOAST_LIMIT),
  )
  return id
}

/** Removes one toast, or every toast without an id. */
export function dismissToast(id?: number) {
  emit(id === undefined ? [] : toasts.filter((t) => t.id !== id))
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const getToasts = () => toasts
const none: readonly Toast[] = []
export const getServerToasts = () => none
