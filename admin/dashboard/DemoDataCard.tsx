// "Remove demo data" on the overview (admins only, while demo records are left): a confirm dialog,
// then one DELETE /api/admin/demo-data that removes them all and is written to the audit log.
import { useState } from 'react'
import { Confirm, useNotify, useRefresh } from 'react-admin'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, CardActions, CardContent, CardHeader, Typography } from '@mui/material'
import type { DemoDataCounts } from '../../shared/adminContract.ts'
import { errorMessage, useAdminDataProvider, useCan } from '../common/hooks.ts'

const describe = (c: DemoDataCounts) =>
  [
    [c.leads, 'lead'],
    [c.contacts, 'contact'],
    [c.companies, 'company'],
    [c.deals, 'deal'],
    [c.activities, 'activity'],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, word]) => `${n} ${Number(n) === 1 ? word : word === 'company' ? 'companies' : word === 'activity' ? 'activities' : `${word}s`}`)
    .join(', ')

export function DemoDataCard() {
  const { can } = useCan()
  const allowed = can('demo-data', 'delete')
  const dataProvider = useAdminDataProvider()
  const queryClient = useQueryClient()
  const notify = useNotify()
  const refresh = useRefresh()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const { data } = useQuery({ queryKey: ['admin', 'demo-data'], queryFn: () => dataProvider.demoData(), enabled: allowed })
  const total = data ? Object.values(data).reduce((sum, n) => sum + n, 0) : 0
  if (!allowed || !data || total === 0) return null

  const remove = async () => {
    setBusy(true)
    try {
      const { removed } = await dataProvider.removeDemoData()
      notify(`Demo data removed: ${describe(removed) || 'nothing was left'}.`, { type: 'success' })
      setOpen(false)
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
      refresh()
    } catch (error) {
      notify(errorMessage(error, 'The demo data could not be removed. Please try again.'), { type: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card component="section" aria-label="Demo data" variant="outlined">
      <CardHeader title="Demo data" />
      <CardContent>
        <Typography variant="body2">
          This database still holds the demo records added at first start: {describe(data)}. Remove them before you start working with real customers.
        </Typography>
      </CardContent>
      <CardActions>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          Remove demo data
        </Button>
      </CardActions>
      <Confirm
        isOpen={open}
        loading={busy}
        title="Remove all demo data?"
        content={`This deletes ${describe(data)} marked as demo, with anything attached to them (such as activities logged on a demo contact). Your own records stay. This cannot be undone.`}
        confirm="Remove demo data"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setOpen(false)}
      />
    </Card>
  )
}
