// V8 keeps a substring (slice, regex match, split) of 13 characters or more as a view on the
// whole string it came from. A page's facts kept for the whole build (its title, links, head) would
// then keep each page's full HTML alive: measured 145 MB of retained HTML at 5,000 cities from the
// inventory's facts alone (docs/decisions/167-build-fixed-costs.md). These helpers return a string
// with the same characters that holds no reference to its source.

/** The same characters in a string of their own. */
export const detachString = (s: string): string => (s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string))

/** A pool of detached strings: values repeated across pages (nav and footer links) are kept once.
 * Emptied past `max` entries, so a long-running server that renders pages now and then does not
 * grow it without end. */
export function createStringPool(max = 100_000) {
  const pool = new Map<string, string>()
  return (s: string): string => {
    let kept = pool.get(s)
    if (kept === undefined && pool.size >= max) pool.clear()
    if (kept === undefined) pool.set((kept = detachString(s)), kept)
    return kept
  }
}
