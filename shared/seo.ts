// The post editor's SEO panel (issue 11): scores a draft locally, in the browser, as it is typed.
// Pure functions over the post's fields and the Markdown body; the server only supplies the
// keyphrases other pages already target (GET /api/admin/posts/seo-catalog). The length limits are
// the build's (shared/posts.ts). Readability is Flesch reading ease with an English syllable
// estimate, and the share of long sentences.
import { DESCRIPTION_MAX, TITLE_MAX } from './posts.ts'

export type SeoStatus = 'good' | 'ok' | 'bad'
export type SeoCheck = { id: string; label: string; status: SeoStatus; message: string }
export type Readability = {
  words: number
  sentences: number
  syllables: number
  fleschReadingEase: number
  avgSentenceLength: number
  longSentenceShare: number
}
export type SeoReport = { score: number; checks: SeoCheck[]; readability: Readability }
/** What another page of the catalog targets: its URL, title and focus keyphrase(s). */
export type UsedKeyphrase = { url: string; title: string; keyphrases: string[] }

export type SeoInput = {
  title: string
  slug: string
  body: string
  excerpt?: string | null
  seoTitle?: string | null
  seoDescription?: string | null
  focusKeyphrase?: string | null
}

export const TITLE_MIN_GOOD = 30
export const DESCRIPTION_MIN_GOOD = 120
/** Sentences longer than this many words count as long. */
export const LONG_SENTENCE_WORDS = 20

/** Lowercase words separated by single spaces (accents folded), for phrase matching. */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** Whether `text` contains the phrase as whole words (case, punctuation and hyphens ignored). */
export function containsPhrase(text: string, phrase: string): boolean {
  const p = normalize(phrase)
  return p !== '' && ` ${normalize(text)} `.includes(` ${p} `)
}

/** The Markdown body without code, HTML tags, link targets and formatting: the words a reader reads. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_~]+/g, '')
}

type Heading = { level: number; text: string }

/** ATX headings (`## Text`) and HTML <h1>–<h6> of the body, outside code blocks. */
export function headingsOf(markdown: string): Heading[] {
  const out: Heading[] = []
  const text = markdown.replace(/```[\s\S]*?```/g, '')
  for (const m of text.matchAll(/^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/gm)) out.push({ level: m[1].length, text: m[2] })
  for (const m of text.matchAll(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/gi)) out.push({ level: Number(m[1]), text: m[2].replace(/<[^>]+>/g, '') })
  // Setext headings: a line of text underlined with === (h1) or --- (h2).
  for (const m of text.matchAll(/^([^\n#>\-*+ ][^\n]*)\n(=+|-+)\s*$/gm)) out.push({ level: m[2].startsWith('=') ? 1 : 2, text: m[1] })
  return out
}

/** The first paragraph of the body: its first block that is not a heading, image, list or code. */
export function firstParagraph(markdown: string): string {
  const blocks = markdown
    .replace(/```[\s\S]*?```/g, '')
    .split(/\n\s*\n/)
    .map((b) => b.trim())
  return plainText(blocks.find((b) => b && !/^(#{1,6}\s|!\[|<h[1-6]|[-*+]\s|\d+[.)]\s|>)/.test(b)) ?? '').trim()
}

/** Links of the body: internal (a path, or this site's URL) and outbound (another host). */
export function linksOf(markdown: string, siteHost?: string): { internal: string[]; outbound: string[] } {
  const internal: string[] = []
  const outbound: string[] = []
  const hrefs = [
    ...[...markdown.matchAll(/(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?[^)]*\)/g)].map((m) => m[1]),
    ...[...markdown.matchAll(/<a\s[^>]*href="([^"]+)"/gi)].map((m) => m[1]),
  ]
  for (const href of hrefs) {
    if (href.startsWith('/') && !href.startsWith('//')) internal.push(href)
    else if (/^https?:\/\//i.test(href)) {
      let host = ''
      try {
        host = new URL(href).hostname
      } catch {
        continue
      }
      if (siteHost && host.replace(/^www\./, '') === siteHost.replace(/^www\./, '')) internal.push(href)
      else outbound.push(href)
    }
  }
  return { internal, outbound }
}

/** English syllables of one word, estimated from its vowel groups (the usual heuristic). */
export function syllables(word: string): number {
  let w = word.toLowerCase().replace(/[^a-z]/g, '')
  if (!w) return 0
  if (w.length <= 3) return 1
  w = w.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, '').replace(/^y/, '')
  const groups = w.match(/[aeiouy]{1,2}/g)
  return Math.max(1, groups ? groups.length : 1)
}

/** Flesch reading ease (206.835 − 1.015·words/sentence − 84.6·syllables/word) and sentence lengths. */
export function readability(markdown: string): Readability {
  // Headings and list items end a sentence even without a full stop.
  const text = plainText(markdown.replace(/^\s{0,3}(#{1,6}|[-*+]|\d+[.)])\s+/gm, '\n\n'))
  const sentences = text
    .split(/(?<=[.!?])\s+|\n\s*\n/)
    .map((s) => s.trim())
    .filter((s) => /[a-z0-9]/i.test(s))
  const wordsOf = (s: string) => s.split(/\s+/).filter((w) => /[a-z0-9]/i.test(w))
  const lengths = sentences.map((s) => wordsOf(s).length)
  const words = lengths.reduce((a, b) => a + b, 0)
  const syll = wordsOf(text).reduce((a, w) => a + syllables(w), 0)
  if (!words) return { words: 0, sentences: 0, syllables: 0, fleschReadingEase: 0, avgSentenceLength: 0, longSentenceShare: 0 }
  const avg = words / sentences.length
  const fre = 206.835 - 1.015 * avg - 84.6 * (syll / words)
  return {
    words,
    sentences: sentences.length,
    syllables: syll,
    fleschReadingEase: Math.round(fre * 10) / 10,
    avgSentenceLength: Math.round(avg * 10) / 10,
    longSentenceShare: Math.round((lengths.filter((n) => n > LONG_SENTENCE_WORDS).length / sentences.length) * 100) / 100,
  }
}

const check = (id: string, label: string, status: SeoStatus, message: string): SeoCheck => ({ id, label, status, message })

/**
 * Scores a draft: every check is good (full points), ok (half) or bad (none); the score is the
 * share of points, 0–100. `used`: what other pages target (the post's own URL is ignored).
 */
export function scoreSeo(post: SeoInput, { used = [], siteHost }: { used?: UsedKeyphrase[]; siteHost?: string } = {}): SeoReport {
  const checks: SeoCheck[] = []
  const headTitle = (post.seoTitle || post.title || '').trim()
  const description = (post.seoDescription || post.excerpt || '').trim()
  const keyphrase = (post.focusKeyphrase ?? '').trim()
  const body = post.body ?? ''

  const t = headTitle.length
  checks.push(
    t === 0
      ? check('title-length', 'Title length', 'bad', 'Write a title.')
      : t > TITLE_MAX
        ? check('title-length', 'Title length', 'bad', `The title has ${t} characters: search results cut it after ${TITLE_MAX}. Shorten it.`)
        : t < TITLE_MIN_GOOD
          ? check('title-length', 'Title length', 'ok', `The title has ${t} characters: ${TITLE_MIN_GOOD}–${TITLE_MAX} uses the space search results give it.`)
          : check('title-length', 'Title length', 'good', `The title has ${t} characters (${TITLE_MIN_GOOD}–${TITLE_MAX}).`),
  )
  const d = description.length
  checks.push(
    d === 0
      ? check('description-length', 'Description length', 'bad', 'Write an excerpt (or SEO description): it is the snippet in search results.')
      : d > DESCRIPTION_MAX
        ? check('description-length', 'Description length', 'bad', `The description has ${d} characters: search results cut it after ${DESCRIPTION_MAX}.`)
        : d < DESCRIPTION_MIN_GOOD
          ? check('description-length', 'Description length', 'ok', `The description has ${d} characters: aim for ${DESCRIPTION_MIN_GOOD}–${DESCRIPTION_MAX}.`)
          : check('description-length', 'Description length', 'good', `The description has ${d} characters (${DESCRIPTION_MIN_GOOD}–${DESCRIPTION_MAX}).`),
  )

  if (!keyphrase) {
    checks.push(check('keyphrase', 'Focus keyphrase', 'bad', 'Set a focus keyphrase: the search the post should rank for.'))
  } else {
    const inTitle = containsPhrase(headTitle, keyphrase) || containsPhrase(post.title, keyphrase)
    checks.push(
      inTitle
        ? check('keyphrase-title', 'Keyphrase in title', 'good', `The title contains "${keyphrase}".`)
        : check('keyphrase-title', 'Keyphrase in title', 'bad', `Put "${keyphrase}" in the title, ideally near its start.`),
    )
    const first = firstParagraph(body)
    checks.push(
      containsPhrase(first, keyphrase)
        ? check('keyphrase-intro', 'Keyphrase in first paragraph', 'good', 'The first paragraph contains the keyphrase.')
        : check('keyphrase-intro', 'Keyphrase in first paragraph', 'bad', `Use "${keyphrase}" in the first paragraph.`),
    )
    checks.push(
      containsPhrase(post.slug.replace(/-/g, ' '), keyphrase)
        ? check('keyphrase-slug', 'Keyphrase in slug', 'good', 'The slug contains the keyphrase.')
        : check('keyphrase-slug', 'Keyphrase in slug', 'ok', `Put the keyphrase in the slug, like "${normalize(keyphrase).replace(/ /g, '-')}".`),
    )
    const inHeading = headingsOf(body).some((h) => h.level >= 2 && containsPhrase(h.text, keyphrase))
    checks.push(
      inHeading
        ? check('keyphrase-heading', 'Keyphrase in a heading', 'good', 'A subheading contains the keyphrase.')
        : check('keyphrase-heading', 'Keyphrase in a heading', 'ok', `Use "${keyphrase}" in at least one subheading (## …).`),
    )
    const other = used.find((u) => u.keyphrases.some((k) => normalize(k) === normalize(keyphrase)))
    checks.push(
      other
        ? check(
            'keyphrase-unique',
            'Keyphrase not used elsewhere',
            'bad',
            `"${other.title}" (${other.url}) already targets "${keyphrase}": pick another keyphrase so the pages do not compete.`,
          )
        : check('keyphrase-unique', 'Keyphrase not used elsewhere', 'good', 'No other page targets this keyphrase.'),
    )
  }

  // The template renders the title as the page's h1: the body must not add another.
  const h1s = headingsOf(body).filter((h) => h.level === 1).length
  checks.push(
    h1s === 0
      ? check('one-h1', 'One h1', 'good', 'The page has one h1 (the title).')
      : check('one-h1', 'One h1', 'bad', `The body has ${h1s} level-1 heading(s) besides the title: use ## for sections.`),
  )

  const links = linksOf(body, siteHost)
  checks.push(
    links.internal.length
      ? check('internal-links', 'Internal links', 'good', `${links.internal.length} link(s) to pages of the site.`)
      : check('internal-links', 'Internal links', 'bad', 'Link to at least one related page of the site, like a service or another post.'),
  )
  checks.push(
    links.outbound.length
      ? check('outbound-links', 'Outbound links', 'good', `${links.outbound.length} link(s) to other sites.`)
      : check('outbound-links', 'Outbound links', 'ok', 'Link to at least one source on another site.'),
  )

  const r = readability(body)
  checks.push(
    r.words === 0
      ? check('reading-ease', 'Reading ease', 'bad', 'Write the body.')
      : r.fleschReadingEase >= 60
        ? check('reading-ease', 'Reading ease', 'good', `Flesch reading ease ${r.fleschReadingEase}: easy to read.`)
        : r.fleschReadingEase >= 30
          ? check('reading-ease', 'Reading ease', 'ok', `Flesch reading ease ${r.fleschReadingEase}: fairly hard. Use shorter words and sentences.`)
          : check('reading-ease', 'Reading ease', 'bad', `Flesch reading ease ${r.fleschReadingEase}: hard to read. Use shorter words and sentences.`),
  )
  const longPct = Math.round(r.longSentenceShare * 100)
  checks.push(
    r.words === 0
      ? check('sentence-length', 'Sentence length', 'bad', 'Write the body.')
      : longPct <= 25
        ? check('sentence-length', 'Sentence length', 'good', `${longPct}% of sentences have more than ${LONG_SENTENCE_WORDS} words.`)
        : check(
            'sentence-length',
            'Sentence length',
            longPct <= 40 ? 'ok' : 'bad',
            `${longPct}% of sentences have more than ${LONG_SENTENCE_WORDS} words: keep it to 25% or less.`,
          ),
  )

  const points = checks.reduce((sum, c) => sum + (c.status === 'good' ? 2 : c.status === 'ok' ? 1 : 0), 0)
  return { score: Math.round((points / (checks.length * 2)) * 100), checks, readability: r }
}
