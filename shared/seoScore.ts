// The SEO score of a post (issue 12): a list of checks a search snippet and a reader depend on,
// each with advice that says what to do, and a 0–100 score (the share of weighted checks passed).
// Pure, so the blog generator (server) and the post editor (admin) give the same figure.
export type SeoInput = {
  title: string
  slug: string
  body: string
  excerpt: string
  seoTitle?: string | null
  seoDescription?: string | null
  focusKeyphrase?: string | null
  tags: string[]
}
export type SeoCheck = { id: string; label: string; ok: boolean; weight: number; advice: string }
export type SeoScore = { score: number; checks: SeoCheck[] }

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

export function seoScore(post: SeoInput): SeoScore {
  const title = post.seoTitle || post.title
  const description = post.seoDescription || post.excerpt
  const key = norm(post.focusKeyphrase ?? '')
  const words = post.body.trim().split(/\s+/).filter(Boolean).length
  const headings = [...post.body.matchAll(/^#{2,3}\s+(.+)$/gm)].map((m) => m[1])
  const firstParagraph = post.body.split(/\n\s*\n/).find((p) => p.trim() && !/^(#|>|-|\*|\d+\.)/.test(p.trim())) ?? ''
  const links = new Set([...post.body.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]))
  const has = (text: string) => key !== '' && ` ${norm(text)} `.includes(` ${key} `)
  const checks: SeoCheck[] = [
    {
      id: 'keyphrase',
      label: 'A focus keyphrase is set',
      ok: key !== '',
      weight: 1,
      advice: 'Set the focus keyphrase: the words a visitor would search for.',
    },
    {
      id: 'title-length',
      label: 'Title of 30–60 characters',
      ok: title.length >= 30 && title.length <= 60,
      weight: 1,
      advice: `Write a title of 30–60 characters (${title.length} now).`,
    },
    { id: 'title-keyphrase', label: 'Keyphrase in the title', ok: has(title), weight: 2, advice: 'Put the focus keyphrase in the title.' },
    { id: 'slug-keyphrase', label: 'Keyphrase in the slug', ok: has(post.slug.replace(/-/g, ' ')), weight: 1, advice: 'Use the keyphrase in the slug.' },
    {
      id: 'description',
      label: 'Description of 120–160 characters',
      ok: description.length >= 120 && description.length <= 160,
      weight: 1,
      advice: `Write an excerpt or SEO description of 120–160 characters (${description.length} now).`,
    },
    {
      id: 'intro-keyphrase',
      label: 'Keyphrase in the first paragraph',
      ok: has(firstParagraph),
      weight: 1,
      advice: 'Use the keyphrase in the first paragraph.',
    },
    { id: 'headings', label: 'At least 3 subheadings', ok: headings.length >= 3, weight: 1, advice: 'Break the text up with at least 3 subheadings (##).' },
    {
      id: 'heading-keyphrase',
      label: 'Keyphrase in a subheading',
      ok: headings.some(has),
      weight: 1,
      advice: 'Use the keyphrase in at least one subheading.',
    },
    {
      id: 'length',
      label: 'At least 600 words',
      ok: words >= 600,
      weight: 2,
      advice: `Write at least 600 words (${words} now); the site publishes from 250.`,
    },
    {
      id: 'internal-links',
      label: 'At least 3 internal links',
      ok: links.size >= 3,
      weight: 1,
      advice: `Link to at least 3 pages of the site (${links.size} now).`,
    },
    { id: 'tags', label: 'At least one tag', ok: post.tags.length > 0, weight: 1, advice: 'Pick at least one tag.' },
  ]
  const total = checks.reduce((s, c) => s + c.weight, 0)
  const passed = checks.reduce((s, c) => s + (c.ok ? c.weight : 0), 0)
  return { score: Math.round((passed / total) * 100), checks }
}
