// The chatbot's local search: a BM25 index over the site's own FAQ, Q&A and service data. It is
// built at build time (scripts/build/chatbotIndex.ts writes /chatbot-index.json) and queried in
// the browser, so the chatbot never calls anything outside the site.

/** What the chatbot can show for a document. */
export type ChatDoc = { title: string; answer: string; url: string; kind: 'FAQ' | 'Q&A' | 'Service' }
/** A document to index: what is shown, plus the text that is searched. */
export type SourceDoc = ChatDoc & { body: string; keywords?: string[] }

export type ChatIndex = {
  version: 1
  docs: ChatDoc[]
  /** Weighted token count of each document. */
  lengths: number[]
  avgLength: number
  /** term → flat [doc, weighted term frequency, doc, tf, ...]. */
  postings: Record<string, number[]>
}

export type Hit = { doc: ChatDoc; score: number }

/** Title words count three times, keywords twice, body words once. */
const WEIGHT = { title: 3, keywords: 2, body: 1 }
const K1 = 1.2
const B = 0.75
/** Below this a question is not answered from the index (tuned on the site's data, see the tests). */
export const MIN_SCORE = 2.5
/** Results far weaker than the best one are not shown. */
const RELATIVE_CUTOFF = 0.4

const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be been before being below between both but by can could did do does doing ' +
    'during each few for from further get got had has have having he her here hers him his how i if in into is it its itself just me more ' +
    'most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their them then ' +
    'there these they this those through to too under until up very was we were what when where which while who whom why will with would ' +
    'you your yours yourself us let lets im ive youre dont does much many want need like know tell please hi hello thanks thank'
  ).split(' '),
)

/** Words that mean the same thing to a visitor, mapped to one term (after stemming). */
const SAME_AS: Record<string, string> = { pric: 'cost', fee: 'cost', fees: 'cost', charg: 'cost', expens: 'cost' }

const SUFFIXES = [
  'ational',
  'ations',
  'ation',
  'ating',
  'ated',
  'ates',
  'ate',
  'ments',
  'ment',
  'ings',
  'ing',
  'ies',
  'ied',
  'ers',
  'er',
  'ed',
  'es',
  'ly',
  's',
  'y',
  'e',
]

/** A light suffix stripper: "pricing", "prices" and "price" all become "pric". */
export function stem(word: string): string {
  if (word.length <= 4 || /^\d/.test(word)) return word
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length)
  }
  return word
}

export function tokenize(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
  const out: string[] = []
  for (const word of words) {
    if (word.length < 2 || STOP_WORDS.has(word)) continue
    const term = stem(word)
    out.push(SAME_AS[term] ?? term)
  }
  return out
}

export function buildChatIndex(sources: SourceDoc[]): ChatIndex {
  // No prototype: a word such as "constructor" must be a term like any other.
  const postings: Record<string, number[]> = Object.create(null) as Record<string, number[]>
  const lengths: number[] = []
  sources.forEach((source, doc) => {
    const tf = new Map<string, number>()
    const add = (text: string, weight: number) => {
      for (const term of tokenize(text)) tf.set(term, (tf.get(term) ?? 0) + weight)
    }
    add(source.title, WEIGHT.title)
    add((source.keywords ?? []).join(' '), WEIGHT.keywords)
    add(source.body, WEIGHT.body)
    let length = 0
    for (const [term, count] of [...tf].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      ;(postings[term] ??= []).push(doc, count)
      length += count
    }
    lengths.push(length)
  })
  const avgLength = lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 0
  return {
    version: 1,
    docs: sources.map(({ title, answer, url, kind }) => ({ title, answer, url, kind })),
    lengths,
    avgLength: Math.round(avgLength * 100) / 100,
    postings,
  }
}

/** The best documents for a question, best first; empty when nothing matches well enough. */
export function searchChatIndex(index: ChatIndex, question: string, { limit = 3, minScore = MIN_SCORE } = {}): Hit[] {
  const n = index.docs.length
  const scores = new Map<number, number>()
  for (const term of new Set(tokenize(question))) {
    const list = index.postings[term]
    if (!list || !Object.hasOwn(index.postings, term)) continue
    const df = list.length / 2
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5))
    for (let i = 0; i < list.length; i += 2) {
      const doc = list[i]
      const tf = list[i + 1]
      const norm = tf + K1 * (1 - B + (B * index.lengths[doc]) / index.avgLength)
      scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (K1 + 1)) / norm)
    }
  }
  const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0])
  const best = ranked[0]?.[1] ?? 0
  if (best <= 0 || best < minScore) return []
  return ranked
    .filter(([, score]) => score >= best * RELATIVE_CUTOFF)
    .slice(0, limit)
    .map(([doc, score]) => ({ doc: index.docs[doc], score: Math.round(score * 1000) / 1000 }))
}
