// Bulk action on exactly two selected contacts: choose the one to keep; the other's activities,
// deals, emails and phones move to it and it is deleted, in one request.
import { useState } from 'react'
import { Button, useGetMany, useListContext, useNotify, useRefresh } from 'react-admin'
import { Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Button as MuiButton } from '@mui/material'
import MergeIcon from '@mui/icons-material/MergeType'
import { errorMessage, useAdminDataProvider } from '../common/hooks.ts'

const nameOf = (c: { first_name?: string; last_name?: string; emails?: { email: string }[] }) =>
  `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim() + (c.emails?.[0] ? ` <${c.emails[0].email}>` : '')

export function MergeContactsButton() {
  const { selectedIds, onUnselectItems } = useListContext()
  const [open, setOpen] = useState(false)
  const [keepId, setKeepId] = useState<string>('')
  const [pending, setPending] = useState(false)
  const { data: contacts = [] } = useGetMany('contacts', { ids: selectedIds }, { enabled: open && selectedIds.length === 2 })
  const dataProvider = useAdminDataProvider()
  const notify = useNotify()
  const refresh = useRefresh()
  if (selectedIds.length !== 2) return null

  const merge = async () => {
    const keep = keepId || String(selectedIds[0])
    const mergeId = selectedIds.find((id) => String(id) !== keep)!
    setPending(true)
    try {
      await dataProvider.mergeContacts(Number(keep), mergeId)
      notify('Contacts merged.', { type: 'success' })
      onUnselectItems()
      setOpen(false)
      refresh()
    } catch (error) {
      notify(errorMessage(error, 'The contacts could not be merged.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }

  return (
    <>
      <Button label="Merge" onClick={() => setOpen(true)}>
        <MergeIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="merge-title">
        <DialogTitle id="merge-title">Merge two contacts</DialogTitle>
        <DialogContent>
          <p>Keep which contact? The other one’s activities, deals, emails and phones move to it, and it is deleted.</p>
          <RadioGroup value={keepId || String(selectedIds[0])} onChange={(e) => setKeepId(e.target.value)}>
            {contacts.map((c) => (
              <FormControlLabel key={c.id} value={String(c.id)} control={<Radio />} label={nameOf(c)} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Cancel</MuiButton>
          <MuiButton variant="contained" onClick={merge} disabled={pending}>
            Merge
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  )
}
