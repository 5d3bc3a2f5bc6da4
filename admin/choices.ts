// Choice lists of the admin forms and filters, from the enums of the shared admin contract.
const toChoices = (values: readonly string[], labels: Record<string, string> = {}) =>
  values.map((id) => ({ id, name: labels[id] ?? id.charAt(0).toUpperCase() + id.slice(1) }))

import {
  ACTIVITY_TYPES as activityTypes,
  COMPANY_SIZES as companySizes,
  CONTACT_STATUSES as contactStatuses,
  DEAL_STAGES as dealStages,
  EMAIL_TYPES as emailTypes,
  LEAD_KINDS as leadKinds,
  LEAD_STATUSES as leadStatuses,
  PHONE_TYPES as phoneTypes,
} from '../shared/adminContract.ts'
import { ROLES as roles } from '../shared/permissions.ts'

export { dealStages, leadStatuses }
export type { DealStage, LeadStatus } from '../shared/adminContract.ts'

export const leadStatusChoices = toChoices(leadStatuses)
export const leadKindChoices = toChoices(leadKinds)
export const contactStatusChoices = toChoices(contactStatuses)
export const emailTypeChoices = toChoices(emailTypes)
export const phoneTypeChoices = toChoices(phoneTypes)
export const companySizeChoices = toChoices(companySizes, { '1000+': '1000+ employees' })
export const dealStageChoices = toChoices(dealStages)
export const activityTypeChoices = toChoices(activityTypes)
export const roleChoices = toChoices(roles)

export const stageLabel = (stage: string) => dealStageChoices.find((c) => c.id === stage)?.name ?? stage

export const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
