// Google's required properties per rich-result type (developers.google.com/search/docs/appearance/structured-data).
type Node = Record<string, unknown>
const get = (node: unknown, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Node)[k] : undefined), node)
const filled = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)

const required: Record<string, string[]> = {
  Organization: ['name', 'url', 'logo'],
  ProfessionalService: ['name', 'address.streetAddress', 'address.addressLocality', 'address.addressRegion', 'telephone'],
  BreadcrumbList: ['itemListElement'],
  FAQPage: ['mainEntity'],
  Service: ['name', 'provider', 'serviceType'],
  QAPage: ['mainEntity.name', 'mainEntity.answerCount', 'mainEntity.acceptedAnswer.text', 'mainEntity.acceptedAnswer.upvoteCount'],
  BlogPosting: ['headline', 'datePublished', 'author.name', 'image'],
  JobPosting: [
    'title',
    'description',
    'datePosted',
    'validThrough',
    'hiringOrganization.name',
    'jobLocation.address.addressLocality',
    'baseSalary.value.minValue',
  ],
}

/** Problems of one JSON-LD node, as "Type: missing prop" strings. */
export function jsonLdProblems(node: Node): string[] {
  const type = String(node['@type'])
  const problems: string[] = []
  if (node['@context'] !== 'https://schema.org') problems.push(`${type}: @context`)
  for (const prop of required[type] ?? [`(unknown type ${type})`]) if (!filled(get(node, prop))) problems.push(`${type}: missing ${prop}`)
  if (type === 'BreadcrumbList') {
    ;(node.itemListElement as Node[]).forEach((item, i) => {
      if (item.position !== i + 1 || !filled(item.name) || !String(item.item).startsWith('http'))
        problems.push(`BreadcrumbList: item ${i + 1} needs position, name and an absolute item`)
    })
  }
  if (type === 'FAQPage') {
    for (const q of node.mainEntity as Node[])
      if (q['@type'] !== 'Question' || !filled(q.name) || !filled(get(q, 'acceptedAnswer.text')))
        problems.push('FAQPage: a Question without name or answer text')
  }
  return problems
}
