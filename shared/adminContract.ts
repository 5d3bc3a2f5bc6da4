// The staff admin contract, shared by the Koa admin API (server/admin) and the react-admin UI
// (admin/): enums, zod schemas for every write, and the shapes of custom responses. Field names
// are snake_case as in the database. Create schemas carry the defaults; update schemas are the
// same fields, all optional and without defaults (PUT merges a partial body).
import { z } from 'zod'
import { ROLES } from './permissions.ts'

export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 256
export const MAX_PAGE_SIZE = 1000

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const
export const LEAD_KINDS = ['lead', 'quote', 'contact', 'application'] as const
export const CONTACT_STATUSES = ['cold', 'warm', 'hot', 'customer'] as const
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const
export const DEAL_STAGES = ['lead', 'qualified', 'proposal', 'negotiation', 'won', 'lost'] as const
export const ACTIVITY_TYPES = ['note', 'call', 'email', 'meeting', 'task'] as const
export const EMAIL_TYPES = ['work', 'home', 'other'] as const
export const PHONE_TYPES = ['work', 'mobile', 'home', 'other'] as const

export type LeadStatus = (typeof LEAD_STATUSES)[number]
export type DealStage = (typeof DEAL_STAGES)[number]

/** What the audit log records: every write to a record, and the sign-in events of staff accounts. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'sign_out', 'password_change', 'remove_demo_data'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]
export const auditActionLabels: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Signed out',
  password_change: 'Changed password',
  remove_demo_data: 'Removed demo data',
}

/** The demo CRM records of a first start (is_demo), per table: GET/DELETE /api/admin/demo-data. */
export type DemoDataCounts = { leads: number; companies: number; contacts: number; deals: number; activities: number }

/**
 * The lead workflow new → contacted → qualified → converted | lost. Moving forward may skip a
 * step, any open lead may be lost, a lost lead may be reopened as new; converted is final.
 */
export const LEAD_STATUS_TRANSITIONS: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'qualified', 'converted', 'lost'],
  contacted: ['qualified', 'converted', 'lost'],
  qualified: ['converted', 'lost'],
  converted: [],
  lost: ['new'],
}

export function canChangeLeadStatus(from: LeadStatus, to: LeadStatus): boolean {
  return from === to || LEAD_STATUS_TRANSITIONS[from].includes(to)
}

// ---- field helpers ----------------------------------------------------------------------------

/** Optional text: '' and null both mean "empty" (react-admin sends either). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullable()
    .transform((v) => (v === '' ? null : v))
const requiredText = (max: number, label = 'This field') => z.string().trim().min(1, `${label} is required.`).max(max, `At most ${max} characters.`)
const id = z.coerce.number().int().positive()
const ref = z.union([id, z.literal('').transform(() => null), z.null()])
const dateTime = z
  .union([z.string(), z.null()])
  .refine((v) => v === null || v === '' || !Number.isNaN(Date.parse(v)), 'Enter a valid date and time.')
  .transform((v) => (v === null || v === '' ? null : new Date(v).toISOString()))
const day = z.union([z.string().regex(/^\d{4}-\d\d-\d\d$/, 'Use the format YYYY-MM-DD.'), z.literal(''), z.null()]).transform((v) => (v ? v : null))
const url = z
  .union([z.url({ protocol: /^https?$/, message: 'Enter a full http(s) address.' }).max(500), z.literal(''), z.null()])
  .transform((v) => (v ? v : null))
const money = z.coerce.number().finite().min(0, 'Must be zero or more.').max(1e12)

export const EmailEntrySchema = z.object({ email: z.email('Enter a valid email address.').max(254), type: z.enum(EMAIL_TYPES).default('work') })
export const PhoneEntrySchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ().\-x]{3,40}$/, 'Enter a valid phone number.'),
  type: z.enum(PHONE_TYPES).default('work'),
})

// ---- auth -------------------------------------------------------------------------------------

export const LoginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(PASSWORD_MAX_LENGTH),
})
export const PasswordChangeSchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters.`),
})

export type AdminUser = { id: number; email: string; name: string; role: (typeof ROLES)[number]; mustChangePassword: boolean }
export type AuthResponse = { user: AdminUser; csrfToken: string }

// ---- resources --------------------------------------------------------------------------------

const contactFields = {
  first_name: requiredText(100, 'First name'),
  last_name: z.string().trim().max(100),
  title: text(120),
  emails: z.array(EmailEntrySchema).max(20),
  phones: z.array(PhoneEntrySchema).max(20),
  company_id: ref,
  owner_id: ref,
  tags: z.array(z.string().trim().min(1).max(40)).max(30),
  status: z.enum(CONTACT_STATUSES),
  background: text(5000),
  linkedin_url: url,
  first_seen: dateTime,
  last_seen: dateTime,
  lead_id: ref,
}
export const ContactCreateSchema = z.object({
  ...contactFields,
  last_name: contactFields.last_name.default(''),
  title: contactFields.title.default(null),
  emails: contactFields.emails.default([]),
  phones: contactFields.phones.default([]),
  company_id: contactFields.company_id.default(null),
  owner_id: contactFields.owner_id.default(null),
  tags: contactFields.tags.default([]),
  status: contactFields.status.default('cold'),
  background: contactFields.background.default(null),
  linkedin_url: contactFields.linkedin_url.default(null),
  first_seen: contactFields.first_seen.default(null),
  last_seen: contactFields.last_seen.default(null),
  lead_id: contactFields.lead_id.default(null),
})
export const ContactUpdateSchema = z.object(contactFields).partial()

const companyFields = {
  name: requiredText(200, 'Name'),
  sector: text(120),
  size: z.union([z.enum(COMPANY_SIZES), z.literal('').transform(() => null), z.null()]),
  website: url,
  phone: text(40),
  address: text(240),
  city: text(120),
  state: text(120),
  owner_id: ref,
  description: text(5000),
  revenue: z.union([money, z.null()]),
}
export const CompanyCreateSchema = z.object({
  name: companyFields.name,
  sector: companyFields.sector.default(null),
  size: companyFields.size.default(null),
  website: companyFields.website.default(null),
  phone: companyFields.phone.default(null),
  address: companyFields.address.default(null),
  city: companyFields.city.default(null),
  state: companyFields.state.default(null),
  owner_id: companyFields.owner_id.default(null),
  description: companyFields.description.default(null),
  revenue: companyFields.revenue.default(null),
})
export const CompanyUpdateSchema = z.object(companyFields).partial()

const dealFields = {
  name: requiredText(200, 'Name'),
  company_id: ref,
  contact_ids: z.array(id).max(50),
  stage: z.enum(DEAL_STAGES),
  amount: money,
  expected_close: day,
  owner_id: ref,
}
export const DealCreateSchema = z.object({
  ...dealFields,
  company_id: dealFields.company_id.default(null),
  contact_ids: dealFields.contact_ids.default([]),
  stage: dealFields.stage.default('lead'),
  amount: dealFields.amount.default(0),
  expected_close: dealFields.expected_close.default(null),
  owner_id: dealFields.owner_id.default(null),
})
export const DealUpdateSchema = z.object(dealFields).partial()
export const DealMoveSchema = z.object({ stage: z.enum(DEAL_STAGES), index: z.coerce.number().int().min(0).max(1_000_000) })

const activityFields = {
  type: z.enum(ACTIVITY_TYPES),
  subject: requiredText(200, 'Subject'),
  body: text(10_000),
  due_at: dateTime,
  done_at: dateTime,
  contact_id: ref,
  company_id: ref,
  deal_id: ref,
  owner_id: ref,
}
export const ActivityCreateSchema = z.object({
  ...activityFields,
  body: activityFields.body.default(null),
  due_at: activityFields.due_at.default(null),
  done_at: activityFields.done_at.default(null),
  contact_id: activityFields.contact_id.default(null),
  company_id: activityFields.company_id.default(null),
  deal_id: activityFields.deal_id.default(null),
  /** Defaults to the signed-in user on the server. */
  owner_id: activityFields.owner_id.optional(),
})
export const ActivityUpdateSchema = z.object(activityFields).partial()

const leadFields = {
  kind: z.enum(LEAD_KINDS),
  email: z.email('Enter a valid email address.').max(254),
  name: z.string().trim().max(240),
  phone: z.string().trim().max(32),
  company: z.string().trim().max(200),
  message: z.string().trim().max(10_000),
  source: z.string().trim().max(120),
  campaign: z.string().trim().max(120),
  status: z.enum(LEAD_STATUSES),
  owner_id: ref,
  notes: text(10_000),
  is_spam: z.boolean(),
}
export const LeadCreateSchema = z.object({
  ...leadFields,
  kind: leadFields.kind.default('lead'),
  name: leadFields.name.default(''),
  phone: leadFields.phone.default(''),
  company: leadFields.company.default(''),
  message: leadFields.message.default(''),
  source: leadFields.source.default('Admin'),
  campaign: leadFields.campaign.default(''),
  status: leadFields.status.default('new'),
  owner_id: leadFields.owner_id.default(null),
  notes: leadFields.notes.default(null),
  is_spam: leadFields.is_spam.default(false),
})
/** Staff edit the workflow fields of a lead; the submission itself is read-only. */
export const LeadUpdateSchema = z
  .object({ status: leadFields.status, owner_id: leadFields.owner_id, notes: leadFields.notes, is_spam: leadFields.is_spam })
  .partial()

export const LeadConvertSchema = z.object({
  deal: z.object({ name: requiredText(200, 'Name'), amount: money.default(0), stage: z.enum(DEAL_STAGES).default('lead') }).nullish(),
})

export const UserInviteSchema = z.object({
  email: z
    .email('Enter a valid email address.')
    .max(254)
    .transform((v) => v.toLowerCase()),
  name: requiredText(120, 'Name'),
  role: z.enum(ROLES),
})
export const UserUpdateSchema = z.object({ name: requiredText(120, 'Name'), role: z.enum(ROLES), disabled: z.boolean() }).partial()

export const BulkUpdateSchema = z.object({ ids: z.array(id).min(1).max(MAX_PAGE_SIZE), data: z.record(z.string(), z.unknown()) })
export const BulkDeleteSchema = z.object({ ids: z.array(id).min(1).max(MAX_PAGE_SIZE) })
export const ContactMergeSchema = z
  .object({ keepId: id, mergeId: id })
  .refine((v) => v.keepId !== v.mergeId, { message: 'Choose two different contacts.', path: ['mergeId'] })

/** Columns read from an import file (CSV header names or JSON row keys). */
export const CONTACT_IMPORT_COLUMNS = ['first_name', 'last_name', 'title', 'email', 'phone', 'company', 'tags', 'status', 'background', 'linkedin_url'] as const
export type ImportReport = { total: number; valid: number; created: number; errors: Array<{ row: number; field: string; message: string }> }

export type Dashboard = {
  leads: { today: number; days7: number; days30: number }
  /** All non-spam leads by source; rate = converted / leads (0..1). */
  conversionBySource: Array<{ source: string; leads: number; converted: number; rate: number }>
  pipelineByStage: Array<{ stage: DealStage; count: number; amount: number }>
  /** The signed-in user's open tasks due by the end of today (UTC). */
  tasksDue: number
  leadsOverTime: Array<{ date: string; count: number }>
  recentLeads: Array<Record<string, unknown>>
  myTasks: Array<Record<string, unknown>>
  /**
   * The week's new 404s (first seen in the last 7 days, not ignored, hit by people and not only
   * by known bots), most hits first; empty for roles that may not see the 404 log.
   */
  newNotFound: Array<{ id: number; path: string; hits: number; first_seen_at: string }>
}
