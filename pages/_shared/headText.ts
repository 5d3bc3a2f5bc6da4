// Limits and fitting of head texts. Titles and descriptions made from a pattern are checked
// against the limits, so an over-long city or tool name stops the build with the data file
// that caused it.
import { DataError } from '../../data/loadData.ts'

export const TITLE_MAX = 60
export const DESCRIPTION_MAX = 160

/** Title, description and keywords of one page (vike-react renders title and description). */
export type Head = { title: string; description: string; keywords: string[] }

/** Shortens text at a word boundary to at most `max` characters, ending with an ellipsis. */
export function fitText(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:.-]+$/, '')}…`
}

/** The first candidate that fits the limit; the data file is named when none does. */
export function firstFitting(candidates: string[], max: number, file: string, field: string): string {
  const fit = candidates.find((c) => c.length <= max)
  if (!fit) throw new DataError(file, [{ path: field, message: `text that makes a ${field} of at most ${max} characters (got "${candidates.at(-1)}")` }])
  return fit
}
