// The activities of one contact, company or deal, newest first, with a quick "add" form.
import { useState, type FormEvent } from 'react'
import { useCreate, useGetList, useNotify, useRecordContext } from 'react-admin'
import { Box, Button, Card, CardContent, CardHeader, Chip, MenuItem, TextField, Typography } from '@mui/material'
import { Link } from 'react-router-dom'
import { activityTypeChoices } from '../choices.ts'
import { errorMessage, useCan } from '../common/hooks.ts'

type Target = 'contact_id' | 'company_id' | 'deal_id'

function QuickActivityForm({ target, id }: { target: Target; id: unknown }) {
  const [create, { isPending }] = useCreate()
  const notify = useNotify()
  const [key, setKey] = useState(0)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const data = { type: String(form.get('type')), subject: String(form.get('subject') ?? ''), body: String(form.get('body') ?? '') || null, [target]: id }
    create(
      'activities',
      { data },
      { onSuccess: () => (setKey((k) => k + 1), notify('Activity added.', { type: 'success' })), onError: (e) => notify(errorMessage(e), { type: 'error' }) },
    )
  }
  return (
    <Box
      component="form"
      key={key}
      onSubmit={submit}
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '140px 1fr auto' }, alignItems: 'start', mb: 2 }}
      aria-label="Add an activity"
    >
      <TextField name="type" select size="small" label="Type" defaultValue="note">
        {activityTypeChoices.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField name="subject" size="small" label="Subject" required />
      <Button type="submit" variant="outlined" disabled={isPending}>
        Add
      </Button>
      <TextField name="body" size="small" label="Details" multiline minRows={2} sx={{ gridColumn: '1 / -1' }} />
    </Box>
  )
}

export function ActivityTimeline({ target }: { target: Target }) {
  const record = useRecordContext()
  const { can } = useCan()
  const { data, total, isPending } = useGetList(
    'activities',
    { filter: { [target]: record?.id }, sort: { field: 'created_at', order: 'DESC' }, pagination: { page: 1, perPage: 50 } },
    { enabled: record?.id != null },
  )
  if (!record) return null
  return (
    <Card sx={{ mt: 2 }} component="section" aria-label="Activity timeline">
      <CardHeader title="Activity" subheader={total != null ? `${total} in total` : undefined} />
      <CardContent>
        {can('activities', 'create') && <QuickActivityForm target={target} id={record.id} />}
        {isPending ? (
          <Typography>Loading…</Typography>
        ) : !data?.length ? (
          <Typography color="text.secondary">No activity yet.</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 2, borderColor: 'divider' }}>
            {data.map((a) => (
              <Box component="li" key={a.id} sx={{ pl: 2, pb: 2, position: 'relative' }}>
                <Typography variant="caption" color="text.secondary">
                  {new Date(a.created_at).toLocaleString()} <Chip size="small" label={a.type} sx={{ ml: 1 }} />
                  {a.due_at && ` · due ${new Date(a.due_at).toLocaleDateString()}`}
                  {a.done_at && ' · done'}
                </Typography>
                <Typography>
                  <Link to={`/activities/${a.id}/show`}>{a.subject}</Link>
                </Typography>
                {a.body && (
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                    {a.body}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  )
}
