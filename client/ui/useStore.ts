// An external store (the reduced-motion media query, the toast queue) read by an island. Its first
// render uses the server's value, as the HTML was rendered with it, and the store's own value from
// the first effect on. React's useSyncExternalStore does this during hydration; preact/compat's
// (the islands' runtime in the page bundle, decision 163) ignores the server value, so its first
// render would differ from the HTML and hydration would keep stale markup.
import { useEffect, useState } from 'react'

export function useStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot: () => T): T {
  const [value, setValue] = useState(getServerSnapshot)
  useEffect(() => {
    const update = () => setValue(() => getSnapshot())
    update()
    return subscribe(update)
  }, [subscribe, getSnapshot])
  return value
}
