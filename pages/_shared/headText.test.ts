import { describe, expect, it } from 'vitest'
import { fitText } from './headText.ts'

describe('head texts', () => {
  it('fitText cuts at a word boundary with an ellipsis', () => {
    expect(fitText('short text', 60)).toBe('short text')
    expect(fitText('How long does search engine optimization take to show results', 30)).toBe('How long does search engine…')
    expect(fitText('How long does search engine optimization take', 30).length).toBeLessThanOrEqual(30)
  })
})
