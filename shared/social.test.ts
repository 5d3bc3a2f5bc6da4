import { describe, expect, it } from 'vitest'
import { countChars, nextOccurrence, nextSlot, normalizeSlots, slotTimes, validateVariant, variantText, X_LINK_LENGTH } from './social.ts'

const jpeg = (bytes = 200_000, alt = 'A chart of organic sessions rising') => ({ bytes, type: 'image/jpeg', alt })

describe('variant validation', () => {
  it('counts X links as 23 characters and refuses text over 280', () => {
    const link = 'https://www.proofline.example.com/blog/a-very-long-post-slug-that-goes-on-and-on-for-a-while'
    expect(countChars('x', `Read ${link}`)).toBe(5 + X_LINK_LENGTH)
    expect(validateVariant('x', { text: `${'a'.repeat(250)} ${link}`, images: [] })).toEqual([])
    const long = validateVariant('x', { text: 'a'.repeat(281), images: [] })
    expect(long).toEqual([{ field: 'text', message: 'X takes at most 280 characters: this text has 281. Shorten it by 1.' }])
    // The same text is fine on LinkedIn (3,000).
    expect(validateVariant('linkedin', { text: 'a'.repeat(2999), images: [] })).toEqual([])
    expect(validateVariant('linkedin', { text: 'a'.repeat(3001), images: [] })[0].field).toBe('text')
  })

  it('checks media: Instagram needs a JPEG, counts, sizes and alt text', () => {
    expect(validateVariant('instagram', { text: 'Hello', images: [] })).toEqual([
      { field: 'images', message: 'Instagram needs an image: add one, or leave Instagram out of this post.' },
    ])
    expect(validateVariant('instagram', { text: 'Hello', images: [jpeg()] })).toEqual([])
    expect(validateVariant('instagram', { text: 'Hello', images: [{ bytes: 1000, type: 'image/png', alt: 'x' }] })[0].message).toMatch(/does not take PNG/)
    expect(validateVariant('x', { text: 'Hi', images: [jpeg(), jpeg(), jpeg(), jpeg(), jpeg()] })[0].message).toBe('X takes at most 4 images: this post has 5.')
    expect(validateVariant('google-business', { text: 'Hi', images: [jpeg(6 * 1024 * 1024)] })[0].message).toBe(
      'Image is 6 MB; Google Business Profile takes at most 5 MB.',
    )
    expect(validateVariant('linkedin', { text: 'Hi', images: [jpeg(1000, ' ')] })[0].message).toMatch(/alt text/)
    expect(validateVariant('instagram', { text: `${Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ')}`, images: [jpeg()] })[0].message).toBe(
      'Instagram takes at most 30 hashtags: this text has 31.',
    )
  })

  it('refuses a first comment where the network has none, and an empty post', () => {
    expect(validateVariant('google-business', { text: 'Hi', images: [], firstComment: 'More below' })).toEqual([
      { field: 'first_comment', message: 'Google Business Profile has no first comment: put it in the text or leave it empty.' },
    ])
    expect(validateVariant('linkedin', { text: 'Hi', images: [], firstComment: 'More below' })).toEqual([])
    expect(validateVariant('facebook', { text: '  ', images: [] })[0].field).toBe('text')
  })

  it('puts the short link where {link} is, else after the text', () => {
    expect(variantText('Read {link} today', '', 'https://s.example/s/abc')).toBe('Read https://s.example/s/abc today')
    expect(variantText('Base', 'Own text', 'https://s.example/s/abc')).toBe('Own text\n\nhttps://s.example/s/abc')
    expect(variantText('Base {link}', '', null)).toBe('Base')
  })
})

describe('queue slots and recurrence', () => {
  const monday9 = Date.UTC(2026, 10, 23, 9, 0) // Monday 23 November 2026, 09:00 UTC
  it('finds the next free slot after a time', () => {
    const slots = [
      { day: 1, time: '09:00' },
      { day: 3, time: '14:30' },
    ]
    expect(new Date(nextSlot(slots, monday9 - 60_000)!).toISOString()).toBe('2026-11-23T09:00:00.000Z')
    expect(new Date(nextSlot(slots, monday9)!).toISOString()).toBe('2026-11-25T14:30:00.000Z')
    const taken = new Set([Date.UTC(2026, 10, 25, 14, 30)])
    expect(new Date(nextSlot(slots, monday9, taken)!).toISOString()).toBe('2026-11-30T09:00:00.000Z')
    expect(nextSlot([], monday9)).toBeNull()
  })
  it('lists every slot time of a range in order, and keeps each slot once in weekday order', () => {
    const slots = [
      { day: 3, time: '14:30' },
      { day: 1, time: '09:00' },
      { day: 1, time: '07:15' },
    ]
    expect(slotTimes(slots, monday9, monday9 + 9 * 86_400_000).map((t) => new Date(t).toISOString())).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-25T14:30:00.000Z',
      '2026-11-30T07:15:00.000Z',
      '2026-11-30T09:00:00.000Z',
    ])
    expect(slotTimes([], monday9, monday9 + 86_400_000)).toEqual([])
    expect(normalizeSlots([...slots, { day: 1, time: '09:00' }])).toEqual([
      { day: 1, time: '07:15' },
      { day: 1, time: '09:00' },
      { day: 3, time: '14:30' },
    ])
  })
  it('repeats daily, weekly and monthly (the 31st falls on a short month’s last day)', () => {
    expect(nextOccurrence(monday9, 'none')).toBeNull()
    expect(new Date(nextOccurrence(monday9, 'daily')!).toISOString()).toBe('2026-11-24T09:00:00.000Z')
    expect(new Date(nextOccurrence(monday9, 'weekly')!).toISOString()).toBe('2026-11-30T09:00:00.000Z')
    expect(new Date(nextOccurrence(Date.UTC(2027, 0, 31, 8), 'monthly')!).toISOString()).toBe('2027-02-28T08:00:00.000Z')
  })
})
