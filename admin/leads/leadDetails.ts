// What the lead screen shows of a submission's form details (the `details` JSON the public forms
// store): known fields under their names, choices as labels (services of interest, budget,
// timeline), the résumé as a download, anything else under a readable name. Pure: no React.

export type DetailItem =
  | { key: string; label: string; type: 'text'; value: string }
  | { key: string; label: string; type: 'labels'; values: string[] }
  | { key: string; label: string; type: 'link'; href: string; text: string }
  | { key: string; label: string; type: 'resume'; fileName: string; size: number | null }

type Details = Record<string, unknown>

const LABELS: Record<string, string> = {
  services: 'Services of interest',
  budget: 'Monthly budget',
  timeline: 'Timeline',
  website: 'Website',
  consent: 'Agreed to be contacted',
  subject: 'Subject',
  openingId: 'Opening',
  links: 'Links',
  resume: 'Résumé',
  firstName: 'First name',
  lastName: 'Last name',
}
/** Keys shown through another one (a label beside its id). */
const SHOWN_WITH: Record<string, string> = { serviceLabels: 'services', budgetLabel: 'budget', timelineLabel: 'timeline', openingTitle: 'openingId' }

/** "utmSourceDetail" or "utm_source_detail" → "Utm source detail". */
export function humanKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const text = (value: unknown): string => {
  if (value == null || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'object')
    return Object.entries(value as Details)
      .map(([k, v]) => `${humanKey(k)}: ${text(v)}`)
      .join(', ')
  return String(value)
}

const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : text(v))) : [])

/** A website as typed in the quote form ("example.com" or a full URL): a link only for http(s). */
function websiteLink(value: string): string | null {
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`
  try {
    const url = new URL(withScheme)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

function item(key: string, value: unknown, details: Details): DetailItem {
  const label = LABELS[key] ?? humanKey(key)
  switch (key) {
    case 'services': {
      const ids = asStrings(value)
      const names = asStrings(details.serviceLabels)
      return { key, label, type: 'labels', values: ids.map((id, i) => names[i] || id) }
    }
    case 'budget':
    case 'timeline':
      return { key, label, type: 'text', value: text(details[`${key}Label`] || value) }
    case 'openingId':
      return { key, label, type: 'text', value: text(details.openingTitle || value) }
    case 'website': {
      const href = typeof value === 'string' && value ? websiteLink(value) : null
      return href ? { key, label, type: 'link', href, text: String(value) } : { key, label, type: 'text', value: text(value) }
    }
    case 'resume': {
      const resume = (value ?? {}) as { originalName?: unknown; size?: unknown }
      return { key, label, type: 'resume', fileName: String(resume.originalName || 'résumé.pdf'), size: typeof resume.size === 'number' ? resume.size : null }
    }
    default:
      return Array.isArray(value) ? { key, label, type: 'labels', values: asStrings(value) } : { key, label, type: 'text', value: text(value) }
  }
}

export function leadDetailItems(details: unknown): DetailItem[] {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return []
  const record = details as Details
  return Object.entries(record)
    .filter(([key]) => !(key in SHOWN_WITH && SHOWN_WITH[key] in record))
    .map(([key, value]) => item(key, value, record))
}

/** 1234 → "1.2 KB", 3_400_000 → "3.2 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
