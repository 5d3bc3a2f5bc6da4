// The schedule behind the start-up purges: a run at once and then every interval, never two at
// a time, failures reported without stopping the schedule, an unref'd timer, and a stop that
// waits for the run in progress.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startPeriodic } from './periodic.ts'

describe('startPeriodic', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('runs at once, then every interval, until stopped', async () => {
    const task = vi.fn(async () => {})
    const periodic = startPeriodic(task, 1000, () => {})
    expect(task).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(task).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(task).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(3000)
    expect(task).toHaveBeenCalledTimes(5)
    await periodic.stop()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(task).toHaveBeenCalledTimes(5)
  })

  it('never starts a run while the previous one is still going', async () => {
    let finish = () => {}
    const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const periodic = startPeriodic(task, 1000, () => {})
    await vi.advanceTimersByTimeAsync(5000)
    expect(task).toHaveBeenCalledTimes(1)
    finish()
    await vi.advanceTimersByTimeAsync(1000)
    expect(task).toHaveBeenCalledTimes(2)
    finish()
    await periodic.stop()
  })

  it('reports a failed run and keeps the schedule', async () => {
    const failure = new Error('database unavailable')
    const task = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined)
    const onError = vi.fn()
    const periodic = startPeriodic(task, 1000, onError)
    await vi.advanceTimersByTimeAsync(0)
    expect(onError).toHaveBeenCalledWith(failure)
    await vi.advanceTimersByTimeAsync(1000)
    expect(task).toHaveBeenCalledTimes(2)
    expect(onError).toHaveBeenCalledTimes(1)
    await periodic.stop()
  })

  it('stop() waits for the run in progress', async () => {
    let finished = false
    const task = () => new Promise<void>((resolve) => setTimeout(() => ((finished = true), resolve()), 500))
    const periodic = startPeriodic(task, 1000, () => {})
    const stopped = periodic.stop()
    let done = false
    void stopped.then(() => (done = true))
    await vi.advanceTimersByTimeAsync(499)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await stopped
    expect(finished).toBe(true)
  })

  it('does not keep the process alive', async () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval')
    const periodic = startPeriodic(async () => {}, 1000, () => {})
    const timer = setInterval.mock.results[0].value as NodeJS.Timeout
    expect(timer.hasRef()).toBe(false)
    await periodic.stop()
  })
})
