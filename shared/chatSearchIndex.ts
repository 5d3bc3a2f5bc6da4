// The chatbot's local search: a BM25F-style index over every public page of the site (FAQ, Q&A,
// services, landing, HubSpot, API, integration and mortgage pages, cities and states, case
// studies, careers, posts) and the questions those pages answer. It is built at build time
// (scripts/build/chatbotIndex.ts writes /chatbot-index.json) and queried in the browser, so the
// chatbot never calls anything outside the site. docs/decisions/150-chatbot-ranking.md
//
// What search engines do, at the scale of one site:
// - field weights: the question (or page heading) counts more than the answer, which counts more
//   than the rest of the page's text;
// - stemming (a light suffix stripper) and synonyms, including phrases ("how much" → cost);
// - the site's own entities (cities, states, tools, industries) recognised in the question by
//   name or alias ("NYC", "loan officers") and matched against the entities of each page.

/** What the chatbot can show for a document. */
export type ChatDoc = { title: string; answer: string; url: string; kind: string }
/** A document to index: what is shown, plus the text that is searched. */
export type SourceDoc = ChatDoc & {
  /** The rest of the page's text (lowest weight). */
  body: string
  keywords?: string[]
  /** Entity ids this document is about (e.g. "city:austin"), on top of those named in its title. */
  entities?: string[]
  /** True for the document of a page itself (not one of the questions it answers). */
  page?: boolean
}
/** A named thing of the site: an id such as "city:austin" and the phrases visitors use for it. */
export type Entity = {
  id: string
  names: string[]
  /** The page that is this entity's home (an industry's landing page, a tool's integration page). */
  hub?: string
}

export type ChatIndex = {
  version: 2
  docs: ChatDoc[]
  /** Weighted token count of each document. */
  lengths: number[]
  avgLength: number
  /** term → flat [doc, weighted term frequency, doc, tf, ...]. Entity terms start with "@". */
  postings: Record<string, number[]>
  /** Entity phrase (normalised words joined by spaces) → entity id. */
  entities: Record<string, string>
}

/** A document about an entity of some type (a city, a tool…) ranks this much lower for a question
 * that names no entity of that type it is about: "how long does SEO take" is not asking about
 * HubSpot SEO or SEO in Dallas. */
export const ENTITY_MISMATCH = 0.8
/** Page text counts this much in a document's length: a long page is not penalised as if all its
 * words were in the title (the per-field length normalisation of BM25F, simplified). */
const BODY_LENGTH_FACTOR = 0.35

export type Hit = { doc: ChatDoc; score: number }
export type Answer = {
  hits: Hit[]
  /** 'answered': a confident best answer; 'low': shown, but weak; 'none': nothing good enough. */
  confidence: 'answered' | 'low' | 'none'
  /** Entity ids recognised in the question. */
  entities: string[]
}

/** The question or heading counts three times, the answer and keywords twice, page text once;
 * an entity of the document counts like a title word. */
export const WEIGHT = { title: 3, answer: 2, keywords: 2, body: 1, entity: 3 }
const K1 = 1.2
const B = 0.75
/** Below this a question is not answered from the index (tuned on the fixture, see the tests). */
export const MIN_SCORE = 2
/** Below this an answer is shown but logged as low-confidence for the content team. */
export const CONFIDENT_SCORE = 7
/** The share of the question's weight (idf) the best document must contain to be an answer. */
export const MIN_COVERAGE = 0.4
/** Results far weaker than the best one are not shown. */
const RELATIVE_CUTOFF = 0.5
const ENTITY_PREFIX = '@'

const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be been before being below between both but by can could did do does doing ' +
    'during each few for from further get got had has have having he her here hers him his how i if in into is it its itself just me more ' +
    'most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their them then ' +
    'there these they this those through to too under until up very was we were what when where which while who whom why will with would ' +
    'you your yours yourself us let lets im ive youre dont does much many want need like know tell please hi hello thanks thank ' +
    'id ill wed youll whats hows theres one ok okay really actually guys anyone someone something anytime'
  ).split(' '),
)

/** Phrases that mean one thing to a visitor, rewritten before tokenising (whole words only). */
const PHRASES: [RegExp, string][] = [
  [/\bhow much\b/g, ' cost '],
  [/\bhow long\b/g, ' timeline '],
  [/\bhow (?:quickly|fast|soon)\b/g, ' timeline '],
  [/\bwhen will (?:i|we) see\b/g, ' timeline see '],
  [/\block[- ]?in\b/g, ' contract '],
  [/\bpay[- ]per[- ]click\b/g, ' ppc '],
  [/\bgoogle ads\b/g, ' googleads ppc '],
  [/\badwords\b/g, ' googleads ppc '],
  [/\bsearch engine optimi[sz]ation\b/g, ' seo '],
  [/\be[- ]mail\b/g, ' email '],
  [/\be[- ]commerce\b/g, ' ecommerce '],
  [/\bweb ?site\b/g, ' website '],
  [/\bsign[- ]?up\b/g, ' start '],
  [/\bjob openings?\b/g, ' career '],
  [/\b(?:you guys|you all|yall)\b/g, ' you '],
  [/\bphone number\b/g, ' phone '],
  [/\boffices?\b/g, ' location '],
  [/\bset(?:ting)? ?up\b/g, ' implement '],
  [/\b(?:case stud(?:y|ies)|client results|success stor(?:y|ies)|examples of (?:your )?work)\b/g, ' casestudy '],
]

/** Words that mean the same thing to a visitor, mapped to one term (after stemming). */
const SAME_AS: Record<string, string> = {
  pric: 'cost',
  fee: 'cost',
  fees: 'cost',
  charg: 'cost',
  expens: 'cost',
  cheap: 'cost',
  afford: 'cost',
  timefram: 'timelin',
  quick: 'timelin',
  fast: 'timelin',
  contract: 'contract',
  agreement: 'contract',
  cancel: 'contract',
  commitment: 'contract',
  commit: 'contract',
  job: 'career',
  jobs: 'career',
  career: 'career',
  careers: 'career',
  vacanc: 'career',
  locat: 'locat',
  loc: 'locat',
  spend: 'budget',
  budget: 'budget',
  setup: 'implement',
  imple: 'implement',
  onboard: 'implement',
  install: 'implement',
  address: 'locat',
  based: 'locat',
  headquarter: 'locat',
  telephon: 'phon',
  integrat: 'integr',
  connect: 'integr',
  sync: 'integr',
  ranking: 'rank',
  rank: 'rank',
}

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
  if (/^\d/.test(word)) return word
  // Four-letter words only lose a plural s or a final e ("crms", "come").
  if (word.length === 4) return /[^asu][se]$/.test(word) ? word.slice(0, 3) : word
  if (word.length < 4) return word
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length)
  }
  return word
}

/** Any of PHRASES: most texts hold none, and then the rewrite is skipped (same result). */
const ANY_PHRASE = new RegExp(PHRASES.map(([pattern]) => pattern.source).join('|'))
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\u0000-\u007f]/

/** Lower case, no accents or apostrophes, phrases rewritten: the text entities and tokens are read from. */
export function normalize(text: string): string {
  // ASCII is its own NFKD form, with no combining marks: the two steps change nothing there.
  const plain = NON_ASCII.test(text) ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : text
  let out = ` ${plain
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9.+]+/g, ' ')
    .replace(/(?<![a-z0-9])\.|\.(?![a-z0-9])/g, ' ')} `
  // A rewrite only puts plain words between spaces, so when no phrase is in the text none appears.
  if (ANY_PHRASE.test(out)) for (const [pattern, replacement] of PHRASES) out = out.replace(pattern, replacement)
  return out
}

/** The term a normalised word counts as, or null for a word that is not indexed. */
function termOf(word: string): string | null {
  if (word.length < 2 || STOP_WORDS.has(word)) return null
  const term = stem(word)
  return SAME_AS[term] ?? SAME_AS[word] ?? term
}

/** The terms of a text already normalised; `memo` keeps each word's term (buildChatIndex's pass). */
function termsOf(normalized: string, memo?: Map<string, string | null>): string[] {
  const out: string[] = []
  for (const word of normalized.split(/[^a-z0-9]+/)) {
    let term: string | null | undefined
    if (memo) {
      term = memo.get(word)
      if (term === undefined) memo.set(word, (term = termOf(word)))
    } else term = termOf(word)
    if (term !== null) out.push(term)
  }
  return out
}

export function tokenize(text: string): string[] {
  return termsOf(normalize(text))
}

/** The phrase table of a list of entities: every name, normalised (longest phrases win when matching). */
export function entityPhrases(entities: Entity[]): Record<string, string> {
  const phrases: Record<string, string> = Object.create(null) as Record<string, string>
  for (const entity of entities) {
    for (const name of entity.names) {
      const phrase = normalize(name).trim().replace(/\s+/g, ' ')
      if (phrase && !(phrase in phrases)) phrases[phrase] = entity.id
    }
  }
  return phrases
}

const MAX_PHRASE_WORDS = 4
/** Per phrase table: each first word of a phrase → the most words of a phrase starting with it. */
const firstWords = new WeakMap<Record<string, string>, Map<string, number>>()

function firstWordsOf(phrases: Record<string, string>): Map<string, number> {
  let out = firstWords.get(phrases)
  if (!out) {
    out = new Map()
    for (const phrase of Object.keys(phrases)) {
      const words = phrase.split(' ')
      out.set(words[0], Math.max(out.get(words[0]) ?? 0, words.length))
    }
    firstWords.set(phrases, out)
  }
  return out
}

/** Entity ids named in `text`: the longest known phrase at each position, left to right. */
export function findEntities(phrases: Record<string, string>, text: string): string[] {
  return entitiesIn(phrases, normalize(text))
}

/** findEntities of a text already normalised. Only a word that starts a phrase is looked at, for
 * no more words than its longest phrase (same matches as trying every length at every word). */
function entitiesIn(phrases: Record<string, string>, normalized: string): string[] {
  const words = normalized.trim().split(/\s+/).filter(Boolean)
  const starts = firstWordsOf(phrases)
  const found = new Set<string>()
  for (let i = 0; i < words.length;) {
    let matched = 0
    const longest = starts.get(words[i])
    if (longest !== undefined) {
      for (let n = Math.min(MAX_PHRASE_WORDS, longest, words.length - i); n >= 1; n--) {
        const phrase = n === 1 ? words[i] : words.slice(i, i + n).join(' ')
        if (Object.hasOwn(phrases, phrase)) {
          found.add(phrases[phrase])
          matched = n
          break
        }
      }
    }
    i += matched || 1
  }
  return [...found]
}

type DocTerms = { tf: [string, number][]; length: number }
const termCache: { entitiesKey: string; docs: Map<string, DocTerms> } = { entitiesKey: '', docs: new Map() }

/** What one pass of buildChatIndex shares between its documents. */
type Pass = {
  phrases: Record<string, string>
  hubs: Map<string, string>
  /** Word → its term (null: not indexed): a word is stemmed once per pass. */
  words: Map<string, string | null>
  /** Keyword lists (a city page's are its service's, the same on every city) → their terms. */
  keywords: Map<string, string[]>
}

/** One document's weighted terms, sorted, and its length (what buildChatIndex adds per document). */
function docTerms(source: SourceDoc, pass: Pass): DocTerms {
  const tf = new Map<string, number>()
  let length = 0
  const add = (terms: string[], weight: number, lengthWeight = weight) => {
    for (const term of terms) {
      tf.set(term, (tf.get(term) ?? 0) + weight)
      length += lengthWeight
    }
  }
  const title = normalize(source.title)
  add(termsOf(title, pass.words), WEIGHT.title)
  add(termsOf(normalize(source.answer), pass.words), WEIGHT.answer)
  const keywords = (source.keywords ?? []).join(' ')
  let keywordTerms = pass.keywords.get(keywords)
  if (!keywordTerms) pass.keywords.set(keywords, (keywordTerms = termsOf(normalize(keywords), pass.words)))
  add(keywordTerms, WEIGHT.keywords)
  add(termsOf(normalize(source.body), pass.words), WEIGHT.body, WEIGHT.body * BODY_LENGTH_FACTOR)
  for (const id of new Set([...(source.entities ?? []), ...entitiesIn(pass.phrases, title)])) {
    tf.set(ENTITY_PREFIX + id, source.page && pass.hubs.get(id) === source.url ? 2 * WEIGHT.entity : WEIGHT.entity)
  }
  return { tf: [...tf].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), length: Math.round(length * 100) / 100 }
}

/** Postings per term, in blocks of this many (term, document, count) triples. */
const POSTING_BLOCK = 1 << 16

/**
 * The postings of one pass: each (term, document, count) goes into fixed blocks of 32-bit integers
 * (counts are sums of the integer field weights), and each term's list is made once, at its final
 * length, at the end. Pushing onto ~24,000 growing arrays (10k cities) left their outgrown copies as
 * ~55 MB of garbage and grew the worker's heap by ~90 MB (docs/decisions/218-chatbot-postings.md).
 * Same lists, same key order (a term's first document first) as pushing.
 */
class PostingLog {
  private ids = new Map<string, number>()
  private terms: string[] = []
  private sizes: number[] = []
  private blocks: Int32Array[] = []
  private used = POSTING_BLOCK * 3

  add(term: string, doc: number, count: number) {
    let id = this.ids.get(term)
    if (id === undefined) {
      id = this.terms.length
      this.ids.set(term, id)
      this.terms.push(term)
      this.sizes.push(0)
    }
    this.sizes[id] += 2
    if (this.used === POSTING_BLOCK * 3) {
      this.blocks.push(new Int32Array(POSTING_BLOCK * 3))
      this.used = 0
    }
    const block = this.blocks[this.blocks.length - 1]
    block[this.used++] = id
    block[this.used++] = doc
    block[this.used++] = count
  }

  /** term → [doc, count, doc, count, ...] in document order. */
  postings(): Record<string, number[]> {
    const lists = this.sizes.map((size) => new Array<number>(size))
    const filled = new Int32Array(lists.length)
    this.blocks.forEach((block, b) => {
      const end = b === this.blocks.length - 1 ? this.used : block.length
      for (let i = 0; i < end; i += 3) {
        const id = block[i]
        lists[id][filled[id]++] = block[i + 1]
        lists[id][filled[id]++] = block[i + 2]
      }
    })
    this.blocks = []
    // No prototype: a word such as "constructor" must be a term like any other.
    const postings = Object.create(null) as Record<string, number[]>
    this.terms.forEach((term, id) => (postings[term] = lists[id]))
    return postings
  }
}

/**
 * The index of `sources`. `reuse` (the default) keeps each document's terms between calls, for the
 * incremental publisher; a one-off build (the build's worker) passes false and skips the cache's
 * key per document. Same index either way.
 */
export function buildChatIndex(sources: SourceDoc[], entities: Entity[] = [], { reuse = true } = {}): ChatIndex {
  const phrases = entityPhrases(entities)
  const pass: Pass = { phrases, hubs: new Map(entities.filter((e) => e.hub).map((e) => [e.id, e.hub!])), words: new Map(), keywords: new Map() }
  const log = new PostingLog()
  const lengths: number[] = []
  // The incremental publisher rebuilds the index on every publish, and only the posts' documents
  // change: each document's terms are kept per its text and the entity table (decision 103).
  if (reuse) {
    const entitiesKey = JSON.stringify(entities)
    if (termCache.entitiesKey !== entitiesKey) {
      termCache.entitiesKey = entitiesKey
      termCache.docs.clear()
    }
  }
  const seen = new Set<string>()
  sources.forEach((source, doc) => {
    let terms: DocTerms | undefined
    if (reuse) {
      const key = JSON.stringify([source.title, source.answer, source.keywords ?? [], source.body, source.entities ?? [], source.page ?? false, source.url])
      seen.add(key)
      terms = termCache.docs.get(key)
      if (!terms) {
        terms = docTerms(source, pass)
        termCache.docs.set(key, terms)
      }
    } else terms = docTerms(source, pass)
    for (const [term, count] of terms.tf) log.add(term, doc, count)
    lengths.push(terms.length)
  })
  // Documents gone from the site leave the cache.
  if (reuse) for (const key of termCache.docs.keys()) if (!seen.has(key)) termCache.docs.delete(key)
  const avgLength = lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 0
  return {
    version: 2,
    docs: sources.map(({ title, answer, url, kind }) => ({ title, answer, url, kind })),
    lengths,
    avgLength: Math.round(avgLength * 100) / 100,
    postings: log.postings(),
    entities: phrases,
  }
}

/**
 * The index's JSON in pieces whose concatenation is `JSON.stringify(index)`, byte for byte (same
 * keys in the same order: the postings' own keys as JSON.stringify walks them, integer-like terms
 * first). The build writes them one by one (scripts/build/chatbotWorker.ts): at 10,000 cities the
 * whole JSON is a 27 MB string, and its UTF-8 copy another 27 MB, held at once.
 */
export function* chatIndexJsonParts(index: ChatIndex, docsPerPart = 2000): Generator<string> {
  yield `{"version":${JSON.stringify(index.version)},"docs":[`
  for (let i = 0; i < index.docs.length; i += docsPerPart) {
    yield (
      (i ? ',' : '') +
      index.docs
        .slice(i, i + docsPerPart)
        .map((doc) => JSON.stringify(doc))
        .join(',')
    )
  }
  yield `],"lengths":${JSON.stringify(index.lengths)},"avgLength":${JSON.stringify(index.avgLength)},"postings":{`
  let first = true
  let part = ''
  for (const term of Object.keys(index.postings)) {
    part += `${first ? '' : ','}${JSON.stringify(term)}:${JSON.stringify(index.postings[term])}`
    first = false
    if (part.length > 1 << 16) {
      yield part
      part = ''
    }
  }
  yield `${part}},"entities":${JSON.stringify(index.entities)}}`
}

const entityType = (id: string) => id.slice(0, id.indexOf(':'))
const entityCache = new WeakMap<ChatIndex, Map<string, string[]>[]>()

/** Per document: entity type → the entity ids it is about (read back from the postings once). */
function docEntities(index: ChatIndex): Map<string, string[]>[] {
  let out = entityCache.get(index)
  if (out) return out
  out = []
  for (const term of Object.keys(index.postings)) {
    if (!term.startsWith(ENTITY_PREFIX)) continue
    const id = term.slice(ENTITY_PREFIX.length)
    const list = index.postings[term]
    for (let i = 0; i < list.length; i += 2) {
      const byType = (out[list[i]] ??= new Map())
      const type = entityType(id)
      byType.set(type, [...(byType.get(type) ?? []), id])
    }
  }
  entityCache.set(index, out)
  return out
}

/** Ranks the documents for a question and says how sure the ranking is. One hit per page URL. */
export function answerQuestion(index: ChatIndex, question: string, { limit = 3, minScore = MIN_SCORE, confidentScore = CONFIDENT_SCORE } = {}): Answer {
  const n = index.docs.length
  const named = findEntities(index.entities ?? {}, question)
  const terms = new Set([...tokenize(question), ...named.map((id) => ENTITY_PREFIX + id)])
  const scores = new Map<number, number>()
  // How much of the question (by idf) each document covers; a word the site never uses counts as rare.
  const covered = new Map<number, number>()
  let questionWeight = 0
  for (const term of terms) {
    const list = Object.hasOwn(index.postings, term) ? index.postings[term] : []
    const df = list.length / 2
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5))
    questionWeight += idf
    for (let i = 0; i < list.length; i += 2) {
      const doc = list[i]
      const tf = list[i + 1]
      const norm = tf + K1 * (1 - B + (B * index.lengths[doc]) / index.avgLength)
      scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (K1 + 1)) / norm)
      covered.set(doc, (covered.get(doc) ?? 0) + idf)
    }
  }
  // A document about a city (a tool, an industry…) the question does not name ranks lower.
  const namedTypes = new Set(named.map(entityType))
  const about = docEntities(index)
  for (const [doc, score] of scores) {
    let factor = 1
    for (const [type, ids] of about[doc] ?? []) {
      if (!ids.some((id) => named.includes(id))) factor *= namedTypes.has(type) ? ENTITY_MISMATCH ** 2 : ENTITY_MISMATCH
    }
    if (factor !== 1) scores.set(doc, score * factor)
  }
  const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0])
  const best = ranked[0]?.[1] ?? 0
  // The best page must cover at least half of what was asked: "who won the super bowl" shares one
  // word with a page about HubSpot, which does not make that page an answer.
  const coverage = ranked.length ? (covered.get(ranked[0][0]) ?? 0) / questionWeight : 0
  if (best <= 0 || best < minScore || coverage < MIN_COVERAGE) return { hits: [], confidence: 'none', entities: named }
  const seen = new Set<string>()
  const hits: Hit[] = []
  for (const [doc, score] of ranked) {
    if (score < best * RELATIVE_CUTOFF || hits.length >= limit) break
    const page = index.docs[doc].url
    if (seen.has(page)) continue
    seen.add(page)
    hits.push({ doc: index.docs[doc], score: Math.round(score * 1000) / 1000 })
  }
  return { hits, confidence: best >= confidentScore ? 'answered' : 'low', entities: named }
}

/** The best documents for a question, best first; empty when nothing matches well enough. */
export function searchChatIndex(index: ChatIndex, question: string, options: { limit?: number; minScore?: number } = {}): Hit[] {
  return answerQuestion(index, question, options).hits
}
