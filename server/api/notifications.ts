// The staff e-mail announcing a new lead, written to the outbox with the lead.
import type { NewOutboxMessage } from '../db/queries/outbox.ts'
import type { LeadKind, NewLead } from '../db/queries/leads.ts'

const titles: Record<LeadKind, string> = {
  lead: 'New lead',
  quote: 'New quote request',
  contact: 'New contact message',
  application: 'New job application',
}

const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim()

function describe(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ')
  if (value && typeof value === 'object') return JSON.stringify(value)
  return String(value ?? '')
}

export function leadNotification(leadId: number, lead: NewLead, opts: { recipient: string; headline?: string }): NewOutboxMessage {
  const who = lead.name ? `${lead.name} <${lead.email}>` : lead.email
  const subject = oneLine(`${titles[lead.kind]}${opts.headline ? `: ${opts.headline}` : ''} from ${who}`).slice(0, 300)
  const a = lead.attribution
  const lines = [
    `${titles[lead.kind]} #${leadId}`,
    '',
    `Name: ${lead.name}`,
    `Email: ${lead.email}`,
    `Phone: ${lead.phone}`,
    `Company: ${lead.company}`,
    ...Object.entries(lead.details)
      .filter(([key]) => key !== 'resume' && key !== 'serviceLabels')
      .map(([key, value]) => `${key}: ${describe(value)}`),
    '',
    'Message:',
    lead.message || '(none)',
    '',
    `Source: ${a.source}  Campaign: ${a.campaign}  Traffic source: ${a.trafficSource}`,
    `Landing page: ${a.landingPage}  Referrer: ${a.referrer}`,
    `UTM: ${[a.utmSource, a.utmMedium, a.utmCampaign, a.utmTerm, a.utmContent].join(' / ')}`,
  ]
  return { kind: `${lead.kind}.created`, leadId, recipient: opts.recipient, replyTo: lead.email, subject, body: lines.join('\n') }
}
