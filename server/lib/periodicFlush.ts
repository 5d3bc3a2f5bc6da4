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
