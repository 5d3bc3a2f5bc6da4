// In-memory counters a process writes to the database on a timer (redirect hits and the 404 log,
// feed fetches): one flush at a time, the timer never keeps the process alive, and stop() waits
// for the flush under way and writes what is left.
export function startPeriodicFlush(flush: () => Promise<unknown>, onError: (error: unknown) => void, everyMs: number) {
  let last: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    last = last.then(flush).catch(onError)
  }, everyMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await last
      await flush().catch(onError)
    },
  }
}

/**
 * Wraps a flush so that calls for the same key (a database) run one after another: a caller that
 * flushes explicitly (shutdown, a test) waits for the timer's flush under way instead of returning
 * before those rows are committed, and two flushes never insert the same new row at once.
 */
export function oneAtATime<K extends object, R>(flush: (key: K) => Promise<R>): (key: K) => Promise<R> {
  const last = new WeakMap<K, Promise<unknown>>()
  return (key) => {
    const run = (last.get(key) ?? Promise.resolve()).catch(() => {}).then(() => flush(key))
    last.set(key, run)
    return run
  }
}
