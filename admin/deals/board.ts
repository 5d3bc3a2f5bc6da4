// The kanban board's pure logic: deals grouped into one column per stage in board order, and the
// columns after a card is moved (what the server will store, shown before it answers).
import { dealStages, type DealStage } from '../choices.ts'

export type BoardCard = { id: string | number; stage?: unknown; position?: number | null }
export type Columns<T extends BoardCard = BoardCard> = Record<DealStage, T[]>

/** One column per stage, every stage present, cards by position; deals of an unknown stage are left out. */
export function groupByStage<T extends BoardCard>(deals: T[]): Columns<T> {
  const columns = Object.fromEntries(dealStages.map((s) => [s, [] as T[]])) as Columns<T>
  for (const deal of deals) columns[deal.stage as DealStage]?.push(deal)
  for (const stage of dealStages) columns[stage].sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
  return columns
}

/** The columns after moving one card; the card takes its new stage. The input is not changed. */
export function moveCard<T extends BoardCard>(
  columns: Columns<T>,
  from: { stage: DealStage; index: number },
  to: { stage: DealStage; index: number },
): Columns<T> {
  const next = { ...columns, [from.stage]: [...columns[from.stage]] } as Columns<T>
  const [card] = next[from.stage].splice(from.index, 1)
  if (!card) return columns
  next[to.stage] = from.stage === to.stage ? next[from.stage] : [...columns[to.stage]]
  next[to.stage].splice(to.index, 0, { ...card, stage: to.stage })
  return next
}
