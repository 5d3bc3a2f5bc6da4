// The publisher's render call drops exactly vike's "Cannot pre-render page … non-static route"
// warning (expected when only a few URLs are rendered) and lets every other warning through.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { withoutSkippedPageWarnings } from './publisher.ts'

const vikeWarning =
  "[vike][Warning] Cannot pre-render page /pages/city because it has a non-static route, while there isn't any onBeforePrerenderStart() hook returning an URL matching the page's route. You must use a onBeforePrerenderStart() hook (https://vike.dev/onBeforePrerenderStart) for providing the list of URLs to be pre-rendered for that page."

describe('withoutSkippedPageWarnings', () => {
  afterEach(() => vi.restoreAllMocks())

  it('silences only the skipped-page warning, during the call only', async () => {
    const seen: unknown[][] = []
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void seen.push(args))
    const result = await withoutSkippedPageWarnings(async () => {
      console.warn(vikeWarning)
      console.warn('[vike][Warning] The onBeforePrerenderStart() hook returns a contradictory URL')
      console.warn(new Error('something else went wrong'))
      return 42
    })
    expect(result).toBe(42)
    expect(seen.map((a) => String(a[0]))).toEqual([
      '[vike][Warning] The onBeforePrerenderStart() hook returns a contradictory URL',
      'Error: something else went wrong',
    ])
    console.warn(vikeWarning) // outside the render call: printed
    expect(seen).toHaveLength(3)
  })

  it('restores console.warn when the render throws', async () => {
    const original = console.warn
    await expect(withoutSkippedPageWarnings(() => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed')
    expect(console.warn).toBe(original)
  })
})
