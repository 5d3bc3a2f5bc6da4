// Social posts (issue 15, /admin/social-media): the networks' limits, the check of each network's
// variant of a post, queue time slots and recurrence. Pure functions shared by the server's checks
// and the admin's compose form (decision 181).
import { z } from 'zod'

export const NETWORKS = ['linkedin', 'x', 'facebook', 'instagram', 'google-business'] as const
export type Network = (typeof NETWORKS)[number]

export type NetworkLimits = {
  label: string
  /** Characters of the text (X counts every link as 23). */
  maxChars: number
  maxImages: number
  /** An image is required (Instagram has no text-only post). */
  imageRequired: boolean
  maxImageBytes: number
  imageTypes: readonly string[]
  /** The network lets the author add a first comment under the post. */
  firstComment: boolean
  /** Links in the text are not clickable (Instagram): the pack says "link in bio". */
  linksClickable: boolean
  maxHashtags: number | null
}

const JPEG_PNG = ['image/jpeg', 'image/png'] as const

/** Published limits of each network's post API (2026); decision 181 lists the sources. */
export const NETWORK_LIMITS: Record<Network, NetworkLimits> = {
  linkedin: {
    label: 'LinkedIn',
    maxChars: 3000,
    maxImages: 9,
    imageRequired: false,
    maxImageBytes: 8 * 1024 * 1024,
    imageTypes: [...JPEG_PNG, 'image/gif'],
    firstComment: true,
    linksClickable: true,
    maxHashtags: null,
  },
  x: {
    label: 'X',
    maxChars: 280,
    maxImages: 4,
    imageRequired: false,
    maxImageBytes: 5 * 1024 * 1024,
    imageTypes: [...JPEG_PNG, 'image/gif', 'image/webp'],
    firstComment: true,
    linksClickable: true,
    maxHashtags: null,
  },
  facebook: {
    label: 'Facebook',
    maxChars: 63206,
    maxImages: 10,
    imageRequired: false,
    maxImageBytes: 10 * 1024 * 1024,
    imageTypes: [...JPEG_PNG, 'image/gif', 'image/webp'],
    firstComment: true,
    linksClickable: true,
    maxHashtags: null,
  },
  instagram: {
    label: 'Instagram',
    maxChars: 2200,
    maxImages: 10,
    imageRequired: true,
    maxImageBytes: 8 * 1024 * 1024,
    imageTypes: ['image/jpeg'],
    firstComment: true,
    linksClickable: false,
    maxHashtags: 30,
  },
  'google-business': {
    label: 'Google Business Profile',
    maxChars: 1500,
    maxImages: 1,
    imageRequired: false,
    maxImageBytes: 5 * 1024 * 1024,
    imageTypes: JPEG_PNG,
    firstComment: false,
    linksClickable: true,
    maxHashtags: null,
  },
}

/** What the upload accepts at all: the largest of the networks' limits and their types. */
export const SOCIAL_IMAGE_MAX_BYTES = 10 * 1024 * 1024
export const SOCIAL_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

const URL_RE = /https?:\/\/[^\s<>"]+/g
/** X's t.co length: every link counts as 23 characters whatever its length. */
export const X_LINK_LENGTH = 23

/** The length of the text as the network counts it (code points; X counts each link as 23). */
export function countChars(network: Network, text: string): number {
  if (network !== 'x') return [...text].length
  let n = 0
  let last = 0
  for (const m of text.matchAll(URL_RE)) {
    n += [...text.slice(last, m.index)].length + X_LINK_LENGTH
    last = (m.index ?? 0) + m[0].length
  }
  return n + [...text.slice(last)].length
}

export type VariantImage = { bytes: number; type: string; alt: string }
export type VariantInput = { text: string; images: readonly VariantImage[]; firstComment?: string | null }
export type VariantProblem = { field: 'text' | 'images' | 'first_comment'; message: string }

/** Every problem of one network's variant; an empty list means the network accepts it. */
export function validateVariant(network: Network, v: VariantInput): VariantProblem[] {
  const limits = NETWORK_LIMITS[network]
  const problems: VariantProblem[] = []
  const text = v.text.trim()
  const chars = countChars(network, text)
  if (!text && !v.images.length) problems.push({ field: 'text', message: `Write the text of the ${limits.label} post.` })
  if (chars > limits.maxChars)
    problems.push({
      field: 'text',
      message: `${limits.label} takes at most ${limits.maxChars} characters: this text has ${chars}. Shorten it by ${chars - limits.maxChars}.`,
    })
  if (limits.maxHashtags !== null) {
    const tags = text.match(/(^|\s)#[\p{L}\p{N}_]+/gu)?.length ?? 0
    if (tags > limits.maxHashtags)
      problems.push({ field: 'text', message: `${limits.label} takes at most ${limits.maxHashtags} hashtags: this text has ${tags}.` })
  }
  if (limits.imageRequired && !v.images.length)
    problems.push({ field: 'images', message: `${limits.label} needs an image: add one, or leave ${limits.label} out of this post.` })
  if (v.images.length > limits.maxImages)
    problems.push({
      field: 'images',
      message: `${limits.label} takes at most ${limits.maxImages} image${limits.maxImages === 1 ? '' : 's'}: this post has ${v.images.length}.`,
    })
  v.images.forEach((img, i) => {
    const n = v.images.length > 1 ? ` ${i + 1}` : ''
    if (!limits.imageTypes.includes(img.type))
      problems.push({
        field: 'images',
        message: `${limits.label} does not take ${img.type.replace('image/', '').toUpperCase()} images (image${n}): use ${limits.imageTypes.map((t) => t.replace('image/', '').toUpperCase()).join(', ')}.`,
      })
    if (img.bytes > limits.maxImageBytes)
      problems.push({ field: 'images', message: `Image${n} is ${mb(img.bytes)}; ${limits.label} takes at most ${mb(limits.maxImageBytes)}.` })
    if (!img.alt.trim()) problems.push({ field: 'images', message: `Describe image${n} (alt text): people using screen readers rely on it.` })
  })
  const comment = v.firstComment?.trim() ?? ''
  if (comment && !limits.firstComment)
    problems.push({ field: 'first_comment', message: `${limits.label} has no first comment: put it in the text or leave it empty.` })
  else if (comment && countChars(network, comment) > limits.maxChars)
    problems.push({ field: 'first_comment', message: `The first comment is longer than ${limits.label}'s ${limits.maxChars} characters.` })
  return problems
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`

// ---- Queue slots and recurrence -------------------------------------------------------------

/** A posting time of an account's queue: a weekday (0 = Sunday … 6, UTC) and a time "HH:MM". */
export const SlotSchema = z.strictObject({
  day: z.number().int().min(0).max(6),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time like 09:30.'),
})
export type Slot = z.infer<typeof SlotSchema>

/** The first slot strictly after `after` (UTC), or null without slots; `taken` times are skipped. */
export function nextSlot(slots: readonly Slot[], after: number, taken: ReadonlySet<number> = new Set()): number | null {
  if (!slots.length) return null
  const start = new Date(after)
  const day0 = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate())
  // Four weeks is enough to pass every taken slot of a reasonable queue.
  for (let d = 0; d < 7 * 52; d++) {
    const dayStart = day0 + d * 86_400_000
    const weekday = new Date(dayStart).getUTCDay()
    const times = slots
      .filter((s) => s.day === weekday)
      .map((s) => dayStart + (Number(s.time.slice(0, 2)) * 60 + Number(s.time.slice(3))) * 60_000)
      .sort((a, b) => a - b)
    for (const t of times) if (t > after && !taken.has(t)) return t
  }
  return null
}

/** Every slot time in [after, until) (UTC), in order: the queue's rows. */
export function slotTimes(slots: readonly Slot[], after: number, until: number): number[] {
  const out: number[] = []
  if (!slots.length) return out
  const start = new Date(after)
  const day0 = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate())
  for (let dayStart = day0; dayStart < until; dayStart += 86_400_000) {
    const weekday = new Date(dayStart).getUTCDay()
    for (const s of slots)
      if (s.day === weekday) {
        const t = dayStart + (Number(s.time.slice(0, 2)) * 60 + Number(s.time.slice(3))) * 60_000
        if (t >= after && t < until) out.push(t)
      }
  }
  return [...new Set(out)].sort((a, b) => a - b)
}

/** Slots in weekday-then-time order, each once (what the account stores). */
export function normalizeSlots(slots: readonly Slot[]): Slot[] {
  const seen = new Set<string>()
  return [...slots]
    .sort((a, b) => a.day - b.day || a.time.localeCompare(b.time))
    .filter((s) => {
      const k = `${s.day} ${s.time}`
      if (seen.has(k)) return false
      seen.add(k)
      return true
    })
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

export const RECURRENCES = ['none', 'daily', 'weekly', 'monthly'] as const
export type Recurrence = (typeof RECURRENCES)[number]

/** The next time of a recurring post (UTC calendar: a monthly post on the 31st falls on the month's last day). */
export function nextOccurrence(at: number, recurrence: Recurrence): number | null {
  if (recurrence === 'none') return null
  if (recurrence === 'daily') return at + 86_400_000
  if (recurrence === 'weekly') return at + 7 * 86_400_000
  const d = new Date(at)
  const day = d.getUTCDate()
  const y = d.getUTCFullYear()
  const m = d.getUTCMonth() + 1
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  return Date.UTC(y, m, Math.min(day, last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds())
}

// ---- Post contract ------------------------------------------------------------------------------

export const SOCIAL_STATUSES = ['draft', 'pending_approval', 'scheduled', 'due', 'posted', 'failed'] as const
export type SocialStatus = (typeof SOCIAL_STATUSES)[number]

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s)
      return u.protocol === 'https:' || u.protocol === 'http:'
    } catch {
      return false
    }
  }, 'Enter a full web address starting with https://.')

/** A link target: a full URL, or a path of the site ("/blog/…"). */
const linkTarget = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (s) => s === '' || /^\/(?!\/)[^\s]*$/.test(s) || httpUrl.safeParse(s).success,
    'Enter a path of the site (/blog/…) or a full address starting with https://.',
  )

export const VariantSchema = z.strictObject({
  account_id: z.number().int().positive(),
  /** Empty: the post's text. */
  text: z.string().max(70000).optional().default(''),
  first_comment: z.string().max(70000).optional().default(''),
})

const postFields = {
  title: z.string().trim().min(1, 'Give the post a title (staff only, to find it in the queue).').max(200),
  text: z.string().max(70000).default(''),
  link_url: linkTarget.optional().default(''),
  image_id: z.number().int().positive().nullable().optional(),
  image_alt: z.string().trim().max(1000).optional().default(''),
  first_comment: z.string().max(70000).optional().default(''),
  recurrence: z.enum(RECURRENCES).optional().default('none'),
  variants: z.array(VariantSchema).min(1, 'Choose at least one account.').max(20),
}

export const SocialPostCreateSchema = z.strictObject({ ...postFields, source_post_id: z.number().int().positive().nullable().optional() })
export const SocialPostUpdateSchema = z.strictObject({
  title: postFields.title.optional(),
  text: z.string().max(70000).optional(),
  link_url: linkTarget.optional(),
  image_id: z.number().int().positive().nullable().optional(),
  image_alt: z.string().trim().max(1000).optional(),
  first_comment: z.string().max(70000).optional(),
  recurrence: z.enum(RECURRENCES).optional(),
  variants: postFields.variants.optional(),
})
export type SocialPostInput = z.infer<typeof SocialPostCreateSchema>

export const ScheduleSchema = z.strictObject({
  /** ISO time; absent: the next free slot of an account's queue ("share next"). */
  at: z.iso.datetime({ offset: true, error: 'Enter a date and time.' }).optional(),
  /** Whose queue gives the slot when `at` is absent: one of the post's accounts (default: its first). */
  account_id: z.number().int().positive().optional(),
})

/** "Posted" needs the post's address on the network (the receipt of a manual post). */
export const MarkPostedSchema = z.strictObject({
  variant_id: z.number().int().positive(),
  url: httpUrl.refine((s) => s.startsWith('https://'), 'Paste the post’s https:// address from the network.'),
})
export const MarkFailedSchema = z.strictObject({
  variant_id: z.number().int().positive(),
  reason: z.string().trim().min(3, 'Say why it could not be posted (at least 3 characters).').max(500),
})

/** The text a variant posts: its own, else the post's; the short link replaces {link} or is appended. */
export function variantText(postText: string, variantText: string, shortLink: string | null): string {
  const base = (variantText.trim() ? variantText : postText).trim()
  if (!shortLink) return base.replaceAll('{link}', '').trim()
  if (base.includes('{link}')) return base.replaceAll('{link}', shortLink)
  return base ? `${base}\n\n${shortLink}` : shortLink
}
