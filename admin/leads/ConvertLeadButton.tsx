// Convert: one request creates the contact, the company and an optional deal in a transaction,
// marks the lead converted, and opens the new contact's profile.
import { useState, type FormEvent } from 'react'
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin'
import { Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Button as MuiButton, TextField } from '@mui/material'
import PersonAddIcon from '@mui/icons-material/PersonAdd'
import { useNavigate } from 'react-router-dom'
import { dealStageChoices } from '../choices.ts'
import { errorMessage, useAdminDataProvider } from '../common/hooks.ts'

export function ConvertLeadButton() {
  const record = useRecordContext()
  const [open, setOpen] = useState(false)
  const [withDeal, setWithDeal] = useState(false)
  const [pending, setPending] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const dataProvider = useAdminDataProvider()
  const notify = useNotify()
  const navigate = useNavigate()
  const refresh = useRefresh()
  if (!record || record.status === 'converted') return null

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const deal = withDeal
      ? { name: String(form.get('dealName') ?? ''), amount: Number(form.get('dealAmount') || 0), stage: String(form.get('dealStage') ?? 'lead') }
      : undefined
    setPending(true)
    try {
      const result = await dataProvider.convertLead(record.id, deal)
      refresh()
      notify(result.deal ? 'Lead converted: contact, company and deal created.' : 'Lead converted: contact and company created.', { type: 'success' })
      setOpen(false)
      navigate(`/contacts/${result.contact.id}`)
    } catch (error) {
      const errors = (error as { body?: { errors?: Record<string, string> } }).body?.errors ?? {}
      setFieldErrors(errors)
      notify(errorMessage(error, 'The lead could not be converted.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }

  const dealError = (field: string) => fieldErrors[`deal.${field}`] ?? fieldErrors[field]
  return (
    <>
      <Button label="Convert" onClick={() => setOpen(true)}>
        <PersonAddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="convert-title" fullWidth maxWidth="sm">
        <form onSubmit={submit}>
          <DialogTitle id="convert-title">Convert {record.name || record.email}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <p>This creates a contact{record.company ? ` and the company “${record.company}”` : ''} from the lead, and marks the lead converted.</p>
            <FormControlLabel control={<Checkbox checked={withDeal} onChange={(e) => setWithDeal(e.target.checked)} />} label="Also create a deal" />
            {withDeal && (
              <>
                <TextField
                  name="dealName"
                  label="Deal name"
                  required
                  defaultValue={`${record.company || record.name || record.email} deal`}
                  error={Boolean(dealError('name'))}
                  helperText={dealError('name')}
                />
                <TextField
                  name="dealAmount"
                  label="Amount (USD)"
                  type="number"
                  inputProps={{ min: 0, step: 100 }}
                  defaultValue="0"
                  error={Boolean(dealError('amount'))}
                  helperText={dealError('amount')}
                />
                <TextField name="dealStage" label="Stage" select defaultValue="lead">
                  {dealStageChoices.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>Cancel</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={pending}>
              Convert lead
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  )
}
