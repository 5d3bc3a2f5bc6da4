// The newsletter's admin contract (issue 15): subscriber and campaign inputs, shared by the
// server's checks and the admin's forms.
import { z } from 'zod'

export const SUBSCRIBER_STATUSES = ['unconfirmed', 'subscribed', 'unsubscribed', 'blocklisted'] as const
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number]
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const

const tags = z
  .array(z.string().trim().min(1).max(40, 'A tag has at most 40 characters.'))
  .max(20, 'At most 20 tags.')
  .transform((t) => [...new Set(t.map((x) => x.toLowerCase()))])
const consent = z
  .string({ error: 'State how this person agreed to receive the newsletter (at least 10 characters).' })
  .trim()
  .min(10, 'State how this person agreed to receive the newsletter (at least 10 characters).')
  .max(300, 'Use at most 300 characters.')
const email = z
  .email({ error: 'Enter a valid email address, like name@company.com.' })
  .max(254)
  .transform((s) => s.trim().toLowerCase())

export const SubscriberCreateSchema = z.strictObject({
  email,
  name: z.string().trim().max(200).optional().default(''),
  tags: tags.optional().default([]),
  list_ids: z.array(z.number().int().positive()).max(50).optional(),
  consent,
  /** true: the address gets a confirmation email and stays unconfirmed until it clicks. */
  send_confirmation: z.boolean().optional().default(false),
})

export const SubscriberUpdateSchema = z.strictObject({
  name: z.string().trim().max(200).optional(),
  tags: tags.optional(),
  list_ids: z.array(z.number().int().positive()).max(50).optional(),
  status: z.enum(['subscribed', 'unsubscribed', 'blocklisted'], { error: 'status is subscribed, unsubscribed or blocklisted.' }).optional(),
  /** Required to set an unsubscribed or blocklisted address back to subscribed. */
  consent: consent.optional(),
})

export const ListSchema = z.strictObject({
  name: z.string({ error: 'Name the list.' }).trim().min(1, 'Name the list.').max(120, 'Use at most 120 characters.'),
  description: z.string().trim().max(500, 'Use at most 500 characters.').optional().default(''),
})

export const SegmentSchema = z.strictObject({
  tag: z.string().trim().max(40).optional(),
  source: z.string().trim().max(120).optional(),
  engagedDays: z.number().int().min(1, 'At least 1 day.').max(3650).optional(),
})

const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes, like march-2026.')
  .max(120)

export const CampaignCreateSchema = z.strictObject({
  name: z.string({ error: 'Name the campaign.' }).trim().min(1, 'Name the campaign.').max(200),
  slug: slug.optional(),
  subject: z.string({ error: 'Write a subject line.' }).trim().min(1, 'Write a subject line.').max(200, 'Use at most 200 characters.'),
  preheader: z.string().trim().max(200).optional().default(''),
  body_markdown: z.string({ error: 'Write the email.' }).min(1, 'Write the email.').max(200_000, 'Use at most 200,000 characters.'),
  list_id: z.number().int().positive().nullable().optional(),
  segment: SegmentSchema.nullable().optional(),
  track: z.boolean().optional().default(true),
})
export const CampaignUpdateSchema = CampaignCreateSchema.partial().extend({ preheader: z.string().trim().max(200).optional(), track: z.boolean().optional() })

export const CampaignSendSchema = z.strictObject({
  /** ISO time to send at; absent: now. */
  at: z.iso.datetime({ offset: true, error: 'Give the time as an ISO date, like 2026-12-01T09:00:00Z.' }).optional(),
})

export type CampaignReport = {
  id: number
  slug: string
  status: string
  track: boolean
  recipients: number
  sent: number
  failed: number
  delivered: number
  bounced: number
  opensHuman: number
  opensMachine: number
  uniqueOpensHuman: number
  clicks: number
  uniqueClicks: number
  ctr: number | null
  clickToOpen: number | null
  unsubscribes: number
  complaints: number
  links: Array<{ position: number; url: string; clicks: number; uniqueClicks: number }>
  closedLoop: { sessions: number; leads: number; deals: number; wonDeals: number; wonValue: number }
}
