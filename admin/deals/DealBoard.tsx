// /admin/deals: the pipeline as a kanban board by stage. A drop is one PUT /deals/:id/move
// (the server reorders both stages in a transaction); the board moves the card at once and
// reloads from the server when the request settles.
import { useMemo, useState } from 'react'
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd'
import { Button, CreateButton, FilterButton, List, ReferenceField, TextField, TopToolbar, useListContext, useNotify, type RaRecord } from 'react-admin'
import TableRowsIcon from '@mui/icons-material/TableRows'
import { Box, Card, CardContent, Paper, Typography } from '@mui/material'
import { Link, useNavigate } from 'react-router-dom'
import { dealStages, stageLabel, usd, type DealStage } from '../choices.ts'
import { errorMessage, useAdminDataProvider, useCan } from '../common/hooks.ts'
import { groupByStage, moveCard } from './board.ts'
import { dealFilters } from './DealTable.tsx'

/**
 * A deal's card is its drag handle (a button: Space picks it up, the arrow keys move it) and opens
 * the deal on a click or on Enter. It holds no link of its own: a link inside the handle was a
 * control inside a control, which a screen reader cannot reach (decision 212).
 */
function DealCard({ deal, index }: { deal: RaRecord; index: number }) {
  const navigate = useNavigate()
  const open = () => navigate(`/deals/${deal.id}/show`)
  return (
    <Draggable draggableId={String(deal.id)} index={index}>
      {(provided, snapshot) => (
        <Paper
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          elevation={snapshot.isDragging ? 6 : 1}
          sx={{ p: 1.25, mb: 1, cursor: 'pointer', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
          data-testid={`deal-card-${deal.id}`}
          aria-label={`Deal ${deal.name}: Enter opens it`}
          onClick={open}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !snapshot.isDragging) open()
          }}
        >
          <Typography variant="body2" fontWeight={600}>
            {deal.name}
          </Typography>
          {deal.company_id != null && (
            <Typography variant="caption" color="text.secondary" component="div">
              <ReferenceField record={deal} source="company_id" reference="companies" link={false}>
                <TextField source="name" variant="caption" />
              </ReferenceField>
            </Typography>
          )}
          <Typography variant="caption">{usd.format(Number(deal.amount ?? 0))}</Typography>
        </Paper>
      )}
    </Draggable>
  )
}

function Board() {
  const { data, isPending, refetch } = useListContext()
  const dataProvider = useAdminDataProvider()
  const notify = useNotify()
  const fromServer = useMemo(() => groupByStage(data ?? []), [data])
  // Local columns for optimistic moves, reset whenever the server's list changes (adjusting
  // state during render, as React recommends, instead of an effect that renders twice).
  const [columns, setColumns] = useState(fromServer)
  const [shown, setShown] = useState(fromServer)
  if (shown !== fromServer) {
    setShown(fromServer)
    setColumns(fromServer)
  }
  const { can } = useCan()

  const onDragEnd = async ({ source, destination, draggableId }: DropResult) => {
    if (!destination || (source.droppableId === destination.droppableId && source.index === destination.index)) return
    const to = { stage: destination.droppableId as DealStage, index: destination.index }
    setColumns((current) => moveCard(current, { stage: source.droppableId as DealStage, index: source.index }, to))
    try {
      await dataProvider.moveDeal(draggableId, to.stage, to.index)
    } catch (error) {
      notify(errorMessage(error, 'The deal could not be moved.'), { type: 'error' })
    }
    refetch()
  }

  if (isPending) return <CardContent>Loading…</CardContent>
  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <Box sx={{ display: 'flex', gap: 1, overflowX: 'auto', p: 1.5, alignItems: 'flex-start', maxWidth: '100%' }}>
        {dealStages.map((stage) => {
          const deals = columns[stage]
          const total = deals.reduce((sum, d) => sum + Number(d.amount ?? 0), 0)
          return (
            <Box key={stage} sx={{ flex: '1 1 0', minWidth: 150 }} component="section" aria-label={`${stageLabel(stage)} stage`} data-testid={`stage-${stage}`}>
              <Typography variant="subtitle1" fontWeight={600}>
                {stageLabel(stage)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
                {deals.length} · {usd.format(total)}
              </Typography>
              <Droppable droppableId={stage} isDropDisabled={!can('deals', 'edit')}>
                {(provided, snapshot) => (
                  <Box
                    ref={provided.innerRef}
                    {...provided.droppableProps}
                    sx={{ minHeight: 120, borderRadius: 1, p: 0.5, bgcolor: snapshot.isDraggingOver ? 'action.hover' : 'grey.100' }}
                  >
                    {deals.map((deal, index) => (
                      <DealCard key={deal.id} deal={deal} index={index} />
                    ))}
                    {provided.placeholder}
                  </Box>
                )}
              </Droppable>
            </Box>
          )
        })}
      </Box>
    </DragDropContext>
  )
}

function BoardActions() {
  return (
    <TopToolbar>
      <Button component={Link} to="/deals/table" label="Table">
        <TableRowsIcon />
      </Button>
      <FilterButton />
      <CreateButton />
    </TopToolbar>
  )
}

// One page of up to 1,000 deals (the API's page cap) ordered by position within each stage.
export const DealBoard = () => (
  <List
    filters={dealFilters}
    actions={<BoardActions />}
    perPage={1000}
    pagination={false}
    sort={{ field: 'position', order: 'ASC' }}
    exporter={false}
    component={Card}
    storeKey="deals.board"
  >
    <Board />
  </List>
)
