// Keeps keyboard focus inside an open modal dialog: Tab from the last control goes to the first,
// Shift+Tab from the first to the last, and focus that escaped (a click outside) is pulled back.
const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusable)].filter((el) => !el.closest('[hidden], [inert]') && el.getClientRects().length > 0)
}

/** Call from a keydown listener while the dialog is open. */
export function trapTab(container: HTMLElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return
  const items = focusableIn(container)
  if (items.length === 0) {
    event.preventDefault()
    container.focus()
    return
  }
  const first = items[0]
  const last = items[items.length - 1]
  const active = document.activeElement
  if (!container.contains(active)) {
    event.preventDefault()
    ;(event.shiftKey ? last : first).focus()
  } else if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  }
}
