// The kanban board's grouping and move, as the board shows them before the server answers: the
// same order the server stores (PUT /deals/:id/move puts the deal at `index` in `stage`).
import { describe, expect, it } from 'vitest'
import { dealStages } from '../choices.ts'
import { groupByStage, moveCard, type Columns } from './board.ts'

const deal = (id: number, stage: string, position: number) => ({ id, stage, position, name: `Deal ${id}` })
const ids = (columns: Columns) => Object.fromEntries(Object.entries(columns).map(([stage, cards]) => [stage, cards.map((c) => c.id)]))

describe('groupByStage', () => {
  it('gives every stage a column, in board order, cards sorted by position', () => {
    const columns = groupByStage([deal(1, 'proposal', 2), deal(2, 'lead', 1), deal(3, 'proposal', 0), deal(4, 'lead', 0), deal(5, 'won', 0)])
    expect(Object.keys(columns)).toEqual([...dealStages])
    expect(ids(columns)).toEqual({ lead: [4, 2], qualified: [], proposal: [3, 1], negotiation: [], won: [5], lost: [] })
  })

  it('leaves out deals of an unknown stage and reads a missing position as 0', () => {
    const columns = groupByStage([deal(1, 'archived', 0), { id: 2, stage: 'lead', position: 1 }, { id: 3, stage: 'lead' }])
    expect(ids(columns).lead).toEqual([3, 2])
    expect(Object.values(columns).flat()).toHaveLength(2)
  })

  it('returns empty columns for no deals', () => {
    expect(ids(groupByStage([]))).toEqual({ lead: [], qualified: [], proposal: [], negotiation: [], won: [], lost: [] })
  })
})

describe('moveCard', () => {
  const board = () => groupByStage([deal(1, 'lead', 0), deal(2, 'lead', 1), deal(3, 'lead', 2), deal(4, 'proposal', 0), deal(5, 'proposal', 1)])

  it('moves a card to another stage at the drop index and gives it that stage', () => {
    const before = board()
    const after = moveCard(before, { stage: 'lead', index: 1 }, { stage: 'proposal', index: 1 })
    expect(ids(after)).toMatchObject({ lead: [1, 3], proposal: [4, 2, 5] })
    expect(after.proposal[1]).toMatchObject({ id: 2, stage: 'proposal', name: 'Deal 2' })
    // The columns it was given are untouched (React state).
    expect(ids(before)).toMatchObject({ lead: [1, 2, 3], proposal: [4, 5] })
    expect(before.lead[1].stage).toBe('lead')
  })

  it('reorders within a stage', () => {
    expect(ids(moveCard(board(), { stage: 'lead', index: 0 }, { stage: 'lead', index: 2 })).lead).toEqual([2, 3, 1])
    expect(ids(moveCard(board(), { stage: 'lead', index: 2 }, { stage: 'lead', index: 0 })).lead).toEqual([3, 1, 2])
  })

  it('drops into an empty stage and at the end of a column', () => {
    const after = moveCard(board(), { stage: 'proposal', index: 0 }, { stage: 'won', index: 0 })
    expect(ids(after)).toMatchObject({ proposal: [5], won: [4] })
    expect(ids(moveCard(board(), { stage: 'lead', index: 0 }, { stage: 'proposal', index: 2 })).proposal).toEqual([4, 5, 1])
  })

  it('changes nothing when the source index holds no card', () => {
    const before = board()
    expect(moveCard(before, { stage: 'won', index: 0 }, { stage: 'lead', index: 0 })).toBe(before)
  })
})
