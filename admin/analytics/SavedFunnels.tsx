// Saved funnels on /admin/web-analytics (docs/decisions/117): pick one to show it, save the funnel
// on screen under a name, delete one. The rollup job keeps a saved funnel's hourly counts, so it
// opens fast at any range; an unsaved funnel is computed on its first read and kept a while.
import { useState } from 'react'
import { useNotify } from 'react-admin'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { errorMessage, useCan } from '../common/hooks.ts'

type Step = { kind: string; value: string }
type Saved = { id: number; name: string; steps: Step[]; createdAt: string }

const sameSteps = (a: Step[], b: Step[]) => JSON.stringify(a.map((s) => [s.kind, s.value])) === JSON.stringify(b.map((s) => [s.kind, s.value]))

export function SavedFunnels({ steps, onPick }: { steps: Step[]; onPick: (steps: Step[]) => void }) {
  const { can } = useCan()
  const notify = useNotify()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const list = useQuery({ queryKey: ['analytics', 'saved-funnels'], queryFn: async () => (await httpClient(`${apiUrl}/analytics/funnels`)).json as Saved[] })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['analytics', 'saved-funnels'] })
  const save = async () => {
    try {
      await httpClient(`${apiUrl}/analytics/funnels`, {
        method: 'POST',
        body: JSON.stringify({ name, steps }),
        headers: { 'Content-Type': 'application/json' },
      })
      setError(undefined)
      setName('')
      notify(`Funnel "${name.trim()}" saved.`, { type: 'success' })
      await refresh()
    } catch (e) {
      const body = (e as { body?: { errors?: Record<string, string> } }).body
      setError(body?.errors?.name ?? body?.errors?.steps)
      notify(errorMessage(e, 'The funnel could not be saved.'), { type: 'error' })
    }
  }
  const remove = async (f: Saved) => {
    if (!window.confirm(`Delete the saved funnel "${f.name}"?`)) return
    try {
      await httpClient(`${apiUrl}/analytics/funnels/${f.id}`, { method: 'DELETE' })
      notify(`Funnel "${f.name}" deleted.`, { type: 'success' })
      await refresh()
    } catch (e) {
      notify(errorMessage(e, 'The funnel could not be deleted.'), { type: 'error' })
    }
  }
  const saved = list.data ?? []
  const current = saved.find((f) => sameSteps(f.steps, steps))
  return (
    <Box aria-label="Saved funnels" component="section" sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {list.error
          ? errorMessage(list.error, 'The saved funnels could not be loaded.')
          : saved.length
            ? 'Saved funnels (kept up to date by the rollup job):'
            : 'No saved funnels yet. Save the one below to open it fast at any range.'}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        {saved.map((f) => (
          <Chip
            key={f.id}
            label={f.name}
            color={current?.id === f.id ? 'primary' : 'default'}
            onClick={() => onPick(f.steps)}
            onDelete={can('analytics', 'delete') ? () => void remove(f) : undefined}
            aria-label={`Saved funnel ${f.name}`}
          />
        ))}
      </Stack>
      {can('analytics', 'create') && !current && (
        <Stack
          component="form"
          aria-label="Save this funnel"
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start' }}
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          <TextField size="small" label="Funnel name" value={name} onChange={(e) => setName(e.target.value)} error={Boolean(error)} helperText={error} />
          <Button type="submit" variant="outlined">
            Save this funnel
          </Button>
        </Stack>
      )}
    </Box>
  )
}
