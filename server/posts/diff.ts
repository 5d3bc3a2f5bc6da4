// The difference between two revisions of a post: per field, and for the body a line diff
// (longest common subsequence) that the admin shows as removed / added lines.
import type { PostFields } from '../../shared/posts.ts'

export type LineChange = { op: 'same' | 'add' | 'remove'; text: string }
export type FieldChange = { field: string; from: unknown; to: unknown; lines?: LineChange[] }

export function diffLines(a: string, b: string): LineChange[] {
  const x = a.split('\n')
  const y = b.split('\n')
  // Trim the common head and tail so the table stays small for long bodies.
  let start = 0
  while (start < x.length && start < y.length && x[start] === y[start]) start++
  let endX = x.length
  let endY = y.length
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--
    endY--
  }
  const xs = x.slice(start, endX)
  const ys = y.slice(start, endY)
  const n = xs.length
  const m = ys.length
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0))
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = xs[i] === ys[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1])
  const out: LineChange[] = x.slice(0, start).map((text) => ({ op: 'same', text }))
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && xs[i] === ys[j]) {
      out.push({ op: 'same', text: xs[i] })
      i++
      j++
    } else if (j < m && (i === n || lcs[i][j + 1] >= lcs[i + 1][j])) out.push({ op: 'add', text: ys[j++] })
    else out.push({ op: 'remove', text: xs[i++] })
  }
  out.push(...x.slice(endX).map((text) => ({ op: 'same' as const, text })))
  return out
}

export function diffFields(a: PostFields, b: PostFields): FieldChange[] {
  const changes: FieldChange[] = []
  for (const key of Object.keys({ ...a, ...b }) as (keyof PostFields)[]) {
    const from = a[key] ?? null
    const to = b[key] ?? null
    if (JSON.stringify(from) === JSON.stringify(to)) continue
    changes.push(key === 'body' ? { field: key, from, to, lines: diffLines(String(from ?? ''), String(to ?? '')) } : { field: key, from, to })
  }
  return changes
}
