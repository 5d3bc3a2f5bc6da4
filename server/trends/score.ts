// Trend scoring (issue 14, /admin/trends), pure so tests can seed series. A term's daily value is
// its number of distinct visitors that day. Its baseline for a day is the mean of the same
// weekday over the previous 28 days (4 values), so a steady weekday pattern (busy Tuesdays,
// quiet Sundays) is its own baseline and never "rises". The z-score is a Poisson one,
// (count − baseline) / √(baseline + 1), which stays sane for small counts. Labels, for the last day:
//   new       nothing in the 28 days before, at least MIN_VISITORS distinct visitors now;
//   breakout  z ≥ 5 and at least 5 × the baseline;
//   rising    z ≥ 2;
//   declining z ≤ −2 with a baseline of at least MIN_VISITORS;
// and a term with fewer than MIN_VISITORS distinct visitors on the day is never shown (one visitor
// asking the same question 40 times is one visitor). docs/decisions/133-trends.md
export const BASELINE_DAYS = 28
export const MIN_VISITORS = 3
const DAY_MS = 86_400_000

export type Label = 'new' | 'breakout' | 'rising' | 'declining' | 'steady'
export type TermScore = { term: string; count: number; baseline: number; z: number; visitors: number; label: Label; series: number[] }

/** Daily distinct visitors per term: Map<term, Map<dayIndex, Set<visitorKey>>>. */
export type Observations = Map<string, Map<number, Set<string>>>

export const dayIndex = (t: number) => Math.floor(t / DAY_MS)

export function observe(obs: Observations, term: string, at: number, visitor: string) {
  const day = dayIndex(at)
  let days = obs.get(term)
  if (!days) obs.set(term, (days = new Map()))
  let visitors = days.get(day)
  if (!visitors) days.set(day, (visitors = new Set()))
  visitors.add(visitor)
}

export function baselineOf(series: number[], i: number): number {
  let sum = 0
  for (let w = 1; w <= BASELINE_DAYS / 7; w++) sum += series[i - 7 * w] ?? 0
  return sum / (BASELINE_DAYS / 7)
}

/** Scores one term's series (oldest first; the last value is the day being judged). */
export function scoreSeries(term: string, series: number[], visitorsInWindow: number): TermScore {
  const i = series.length - 1
  const count = series[i] ?? 0
  const baseline = baselineOf(series, i)
  const z = (count - baseline) / Math.sqrt(baseline + 1)
  const before = series.slice(Math.max(0, i - BASELINE_DAYS), i).reduce((a, b) => a + b, 0)
  let label: Label = 'steady'
  if (before === 0 && count >= MIN_VISITORS) label = 'new'
  else if (count >= MIN_VISITORS && z >= 5 && count >= 5 * baseline) label = 'breakout'
  else if (count >= MIN_VISITORS && z >= 2) label = 'rising'
  else if (z <= -2 && baseline >= MIN_VISITORS) label = 'declining'
  return { term, count, baseline: Math.round(baseline * 100) / 100, z: Math.round(z * 100) / 100, visitors: visitorsInWindow, label, series }
}

/** Every term with enough visitors, scored for the day of `now`, most remarkable first. */
export function scoreTerms(obs: Observations, now: number, hidden: ReadonlySet<string> = new Set()): TermScore[] {
  const today = dayIndex(now)
  const first = today - BASELINE_DAYS
  const out: TermScore[] = []
  for (const [term, days] of obs) {
    if (hidden.has(term)) continue
    const series = Array.from({ length: BASELINE_DAYS + 1 }, (_, k) => days.get(first + k)?.size ?? 0)
    const score = scoreSeries(term, series, 0)
    // Shown when the day itself, or a fall from a real baseline, involves enough distinct visitors.
    if (score.count < MIN_VISITORS && score.label !== 'declining') continue
    // Distinct visitors over the window, counted only for the terms shown (most are not).
    const all = new Set<string>()
    for (const [day, visitors] of days) if (day >= first && day <= today) for (const v of visitors) all.add(v)
    out.push({ ...score, visitors: all.size })
  }
  const rank: Record<Label, number> = { breakout: 0, new: 1, rising: 2, declining: 3, steady: 4 }
  return out.sort((a, b) => rank[a.label] - rank[b.label] || b.z - a.z || b.count - a.count || a.term.localeCompare(b.term))
}

/** Google-Trends-style 0–100: each series scaled to the largest value among the compared terms. */
export function relativeIndex(series: number[][]): number[][] {
  const max = Math.max(1, ...series.flat())
  return series.map((s) => s.map((v) => Math.round((v / max) * 100)))
}

// --- normalisation ---------------------------------------------------------------------------
const STOP = new Set(
  (
    'a an and are as at be but by can could do does for from had has have how i if in into is it its me my no not of on or our so that the their them then there ' +
    'these they this to was we what when where which who why will with would you your yours please hi hello thanks thank want need looking get help about us ' +
    'any some more most much many just also like know tell does did am been being were should'
  ).split(' '),
)

/** A light English stemmer: plurals and common suffixes (marketing → market, agencies → agenc). */
export function stem(word: string): string {
  if (word.length <= 4) return word
  return word
    .replace(/ies$/, 'y')
    .replace(/(ss)$/, '$1')
    .replace(/([^s])s$/, '$1')
    .replace(/(ing|ed|ment|ly)$/, '')
    .replace(/(.)\1$/, '$1')
}

/**
 * Terms of a text: the site's own entities first (multi-word names such as "hubspot crm" or
 * "san antonio" kept whole, as their canonical name), then the remaining words, lower-cased,
 * without stop words or numbers, stemmed.
 */
export function termsOf(text: string, entities: ReadonlyArray<{ match: string; term: string }> = []): string[] {
  let rest = ` ${text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9+#]+/g, ' ')} `
  const out = new Set<string>()
  // Only the entities whose first word is in the text can match (longest first, as listed).
  const index = entityIndex(entities)
  const candidates: number[] = []
  for (const word of new Set(rest.split(' '))) for (const at of index.get(word) ?? []) candidates.push(at)
  candidates.sort((a, b) => a - b)
  for (const at of candidates) {
    const e = entities[at]
    const needle = ` ${e.match} `
    if (rest.includes(needle)) {
      out.add(e.term)
      rest = rest.split(needle).join(' ')
    }
  }
  for (const word of rest.split(' ')) {
    if (word.length < 3 || STOP.has(word) || /^\d+$/.test(word)) continue
    out.add(stem(word))
  }
  return [...out]
}

const entityIndexes = new WeakMap<ReadonlyArray<{ match: string }>, Map<string, number[]>>()
/** First word of each entity → the entities' positions in the list (which is longest first). */
function entityIndex(entities: ReadonlyArray<{ match: string }>): Map<string, number[]> {
  let index = entityIndexes.get(entities)
  if (!index) {
    index = new Map()
    entities.forEach((e, at) => {
      const first = e.match.split(' ')[0]
      index!.set(first, [...(index!.get(first) ?? []), at])
    })
    entityIndexes.set(entities, index)
  }
  return index
}

/** termsOf with a memory of the texts already seen (chatbot questions repeat), for one computation. */
export function memoTermsOf(entities: ReadonlyArray<{ match: string; term: string }>): (text: string) => string[] {
  const seen = new Map<string, string[]>()
  return (text) => {
    let terms = seen.get(text)
    if (!terms) {
      terms = termsOf(text, entities)
      if (seen.size < 100_000) seen.set(text, terms)
    }
    return terms
  }
}
