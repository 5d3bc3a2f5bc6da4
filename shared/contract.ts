// The one contract of the public API: zod schemas shared by the Koa handlers and the public
// forms. Unknown fields are dropped (zod objects strip them), strings are trimmed and bounded,
// emails lower-cased, phone numbers normalised.
import { z } from 'zod'
import { attributionMax, SENT_ATTRIBUTION_KEYS, type SentAttributionKey } from './attribution.ts'
import { budgets, timelines } from './formOptions.ts'

// The forms' choices live without zod, so a form's first load carries no zod (decision 163).
export { budgetLabels, budgets, RESUME_MAX_BYTES, timelineLabels, timelines } from './formOptions.ts'

// In the browser, zod must not probe for eval (`new Function`): the site's CSP forbids it and
// Chrome reports every probe as a CSP violation. The server keeps zod's faster JIT parsing.
if (typeof window !== 'undefined') z.config({ jitless: true })

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`)
const optionalText = (max: number) => text(max).optional().default('')

export const EmailSchema = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email address.')
  .max(254, 'Use at most 254 characters.')
  .pipe(z.email('Enter a valid email address, like name@company.com.'))

/** Keeps a leading + and the digits; a 10-digit US number gets +1. Empty stays empty. */
export function normalisePhone(raw: string): string {
  const trimmed = raw.trim()
  if (!trimmed) return ''
  const digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) return `+${digits}`
  if (digits.length === 10) return `+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`
  return `+${digits}`
}

export const PhoneSchema = z
  .string()
  .trim()
  .max(32, 'Use at most 32 characters.')
  .refine((v) => v === '' || /^\+?[\d\s().-]{7,}$/.test(v), 'Enter a phone number with at least 7 digits.')
  .refine((v) => v === '' || (v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15), 'Enter a phone number with 7 to 15 digits.')
  .transform(normalisePhone)

const OptionalPhone = PhoneSchema.optional().default('')

/** Attribution the site tracker keeps and sends with every form (spec sections 3 and 9): the
 * client-sent fields of the one attribution table, each bounded by its limit. */
export const AttributionSchema = z.object(
  Object.fromEntries(SENT_ATTRIBUTION_KEYS.map((key) => [key, optionalText(attributionMax[key])])) as Record<
    SentAttributionKey,
    ReturnType<typeof optionalText>
  >,
)

/** Spam signals every form carries: the honeypot field and the signed fill-time token. */
export const SpamFieldsSchema = z.object({
  fax: z.string().max(2048).optional().default(''),
  formToken: z.string().max(512).optional().default(''),
})

export const LeadSchema = z
  .object({
    email: EmailSchema,
    firstName: optionalText(100),
    lastName: optionalText(100),
    company: optionalText(200),
    phone: OptionalPhone,
    message: optionalText(5000),
  })
  .extend(AttributionSchema.shape)
  .extend(SpamFieldsSchema.shape)

/** Quote form. `services` are city-service ids from data/city-services.yaml, checked by the server. */
export const QuoteSchema = z
  .object({
    name: text(120).min(2, 'Enter your name.'),
    email: EmailSchema,
    phone: OptionalPhone,
    company: optionalText(200),
    website: text(2048)
      .optional()
      .default('')
      .refine((v) => v === '' || /^(https?:\/\/)?[\w.-]+\.[a-z]{2,}(\/\S*)?$/i.test(v), 'Enter a website address, like example.com.'),
    services: z.array(z.string().trim().max(64)).min(1, 'Choose at least one service.').max(12, 'Choose at most 12 services.'),
    budget: z.enum(budgets, { error: 'Choose a monthly budget.' }),
    timeline: z.enum(timelines, { error: 'Choose a timeline.' }),
    message: optionalText(5000),
    consent: z.literal(true, { error: 'Please agree to be contacted about your quote.' }),
  })
  .extend(AttributionSchema.shape)
  .extend(SpamFieldsSchema.shape)

export const ContactSchema = z
  .object({
    name: text(120).min(2, 'Enter your name.'),
    email: EmailSchema,
    phone: OptionalPhone,
    subject: text(200).min(3, 'Enter a subject.'),
    message: text(5000).min(10, 'Write a message of at least 10 characters.'),
  })
  .extend(AttributionSchema.shape)
  .extend(SpamFieldsSchema.shape)

/** Job application fields (multipart); the résumé file is checked separately by content. */
export const ApplicationSchema = z
  .object({
    openingId: text(100).min(1, 'Choose an opening.'),
    name: text(120).min(2, 'Enter your name.'),
    email: EmailSchema,
    phone: OptionalPhone,
    links: optionalText(1000),
    coverLetter: text(10000).min(50, 'Write a cover letter of at least 50 characters.'),
  })
  .extend(SpamFieldsSchema.shape)

// The signup carries the visitor's attribution like every form (first touch, UTM), kept on the subscriber.
export const NewsletterSchema = z.object({ email: EmailSchema }).extend(AttributionSchema.shape).extend(SpamFieldsSchema.shape)

export { computeRoi, roiDefaults } from './roi.ts'

const numberString = z.string().trim().max(32, 'Use at most 32 characters.')
export const RoiCalculationSchema = z
  .object({
    traffic: numberString,
    conversionRate: numberString,
    averageOrderValue: numberString,
    profitMargin: numberString,
    results: z.object({
      monthlyProfit: z.number().finite(),
      conversions: z.number().finite(),
      revenue: z.number().finite(),
      optimizedProfit: z.number().finite(),
    }),
    userAgent: optionalText(512),
  })
  .extend(AttributionSchema.shape)

// Event names and what each carries: docs/decisions/120-analytics-storage.md.
export const eventTypes = [
  'page_view',
  'scroll_depth',
  'time_on_page',
  'timing',
  'engagement',
  'click',
  'form_submit',
  'web_vital',
  'form_view',
  'form_start',
] as const
export const AnalyticsEventSchema = z.object({
  type: z.enum(eventTypes),
  path: text(2048).min(1),
  visitorId: text(64).min(8),
  sessionId: text(64).min(8),
  at: z.number().int().positive(),
  value: z.number().finite().optional(),
  name: optionalText(120),
  referrer: optionalText(2048),
  props: z.record(z.string().max(64), z.union([z.string().max(512), z.number().finite(), z.boolean()])).optional(),
})
export const EventBatchSchema = z.object({
  events: z.array(AnalyticsEventSchema).min(1, 'Send at least one event.').max(50, 'Send at most 50 events per batch.'),
})

export { fieldErrors } from './fieldErrors.ts'

export type Lead = z.infer<typeof LeadSchema>
export type Quote = z.infer<typeof QuoteSchema>
export type Contact = z.infer<typeof ContactSchema>
export type Application = z.infer<typeof ApplicationSchema>
export type Newsletter = z.infer<typeof NewsletterSchema>
export type RoiCalculation = z.infer<typeof RoiCalculationSchema>
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>
