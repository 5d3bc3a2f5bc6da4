// A task this process runs on a schedule: once at start, then every `everyMs`; never two runs at
// once; the timer is unref'd, so it never keeps the process alive; stop() waits for a run in
// progress. A failed run is reported and the schedule goes on. (Issue 9's durable job runner
// takes these tasks over.)
export type Periodic = { stop: () => Promise<void> }

export function startPeriodic(task: () => Promise<unknown>, everyMs: number, onError: (error: unknown) => void): Periodic {
  let running: Promise<void> | null = null
  let stopped = false
  const run = () => {
    if (running || stopped) return
    running = task()
      .then(() => undefined, onError)
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(run, everyMs)
  timer.unref()
  run()
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
