// An unexpected console.error in a test is a failure (HOUSE_STYLE: tests).
import { afterEach, vi } from 'vitest'

const spy = vi.spyOn(console, 'error')
afterEach(() => {
  const calls = spy.mock.calls
  spy.mockClear()
  if (calls.length) throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`)
})
