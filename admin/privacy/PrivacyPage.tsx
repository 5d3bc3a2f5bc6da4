// /admin/privacy (issue 13, docs/decisions/127-privacy-export-and-erasure.md): an admin enters an
// email address, sees everything the product holds about that person (counts per kind and the
// records), downloads it as JSON or CSV, and erases it after typing the address again. Every
// export and erasure is in the audit log (with a keyed hash of the address, never the address).
import { useState, type FormEvent } from 'react'
import { Title, useNotify } from 'react-admin'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { errorMessage, useCan } from '../common/hooks.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { download } from '../monitoring/api.ts'
import { ScrollArea } from '../common/ScrollArea.tsx'

type Row = Record<string, unknown>
type Person = { email: string; counts: Record<string, number>; records: Record<string, Row[] | string[]> }

/** The kinds of data, in the order shown, with what each is and what erasure does to it. */
const KINDS: [key: string, label: string, erasure: string][] = [
  ['leads', 'Leads (forms sent)', 'deleted'],
  ['contacts', 'CRM contacts', 'deleted'],
  ['activities', 'Activities of those contacts', 'deleted'],
  ['deals', 'Deals listing those contacts', 'kept with name and amount; the person is removed from the deal'],
  ['subscribers', 'Newsletter subscribers', 'deleted'],
  ['newsletterActivity', 'Newsletter sends, opens and clicks', 'deleted'],
  ['spamSubmissions', 'Submissions held as spam', 'deleted'],
  ['notifications', 'Lead notification emails', 'deleted'],
  ['visitorIds', 'Browser ids tied to the leads', 'deleted'],
  ['sessions', 'Visits (analytics sessions)', 'deleted'],
  ['events', 'Analytics events of those visits', 'deleted'],
  ['roiCalculations', 'ROI calculations from the same browser', 'kept as anonymous figures; the link to the person is removed'],
]

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).slice(0, 120)

function Records({ rows }: { rows: Row[] | string[] }) {
  if (!rows.length) return null
  const objects = rows.map((r) => (typeof r === 'object' ? r : { value: r })) as Row[]
  const columns = Object.keys(objects[0]).slice(0, 8)
  return (
    <ScrollArea label="Records (scrolls)" sx={{ mb: 2 }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {objects.slice(0, 50).map((r, i) => (
            <TableRow key={i}>
              {columns.map((c) => (
                <TableCell key={c}>{cell(r[c])}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {objects.length > 50 && <Typography variant="body2">The first 50 of {objects.length} are shown; the download has them all.</Typography>}
    </ScrollArea>
  )
}

export function PrivacyPage() {
  const { can } = useCan()
  const notify = useNotify()
  const [email, setEmail] = useState('')
  const [person, setPerson] = useState<Person | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [confirmEmail, setConfirmEmail] = useState('')

  const lookUp = async (address = email) => {
    setBusy(true)
    setError('')
    try {
      setPerson((await httpClient(`${apiUrl}/privacy/person?email=${encodeURIComponent(address.trim())}`)).json as Person)
    } catch (e) {
      setPerson(null)
      setError(errorMessage(e, 'The lookup failed: check the address and try again.'))
    } finally {
      setBusy(false)
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void lookUp()
  }
  const total = person ? Object.values(person.counts).reduce((a, b) => a + b, 0) : 0
  const erase = async () => {
    if (!person) return
    setBusy(true)
    try {
      const result = (
        await httpClient(`${apiUrl}/privacy/erase`, {
          method: 'POST',
          body: JSON.stringify({ email: person.email, confirmEmail }),
          headers: { 'Content-Type': 'application/json' },
        })
      ).json as { total: number }
      notify(`Erased ${result.total} records held about ${person.email}.`, { type: 'success' })
      setConfirming(false)
      setConfirmEmail('')
      await lookUp(person.email)
    } catch (e) {
      notify(errorMessage(e, 'The erasure failed; nothing was changed. Try again.'), { type: 'error' })
    } finally {
      setBusy(false)
    }
  }
  const exportUrl = (format: 'json' | 'csv') => `${apiUrl}/privacy/export.${format}?email=${encodeURIComponent(person?.email ?? '')}`

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Privacy" />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2" gutterBottom>
            A person&apos;s data
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Enter the email address of a person who asks what we hold about them, or asks to be forgotten. Exports and erasures are recorded in the audit log
            with a hash of the address.
          </Typography>
          <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} onSubmit={submit} aria-label="Look up a person">
            <TextField
              label="Email address"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              size="small"
              sx={{ minWidth: 320 }}
            />
            <Button type="submit" variant="contained" disabled={busy || !email.trim()}>
              Look up
            </Button>
          </Stack>
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </CardContent>
      </Card>

      {person && (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Held about {person.email}: {total} {total === 1 ? 'record' : 'records'}
            </Typography>
            <Table size="small" aria-label="What is held, by kind">
              <TableHead>
                <TableRow>
                  <TableCell>Kind</TableCell>
                  <TableCell align="right">Records</TableCell>
                  <TableCell>On erasure</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {KINDS.map(([key, label, erasure]) => (
                  <TableRow key={key}>
                    <TableCell>{label}</TableCell>
                    <TableCell align="right">{person.counts[key] ?? 0}</TableCell>
                    <TableCell>{erasure}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="body2" sx={{ mt: 1 }}>
              Chatbot questions are stored without any visitor id, address or email, so none can be tied to a person. Hourly and daily analytics totals hold no
              person and are kept.
            </Typography>
            <Stack direction="row" spacing={2} sx={{ my: 2 }}>
              {can('privacy', 'export') && (
                <>
                  <Button variant="outlined" disabled={!total} onClick={() => download(exportUrl('json'), `personal-data-${person.email}.json`)}>
                    Download JSON
                  </Button>
                  <Button variant="outlined" disabled={!total} onClick={() => download(exportUrl('csv'), `personal-data-${person.email}.csv`)}>
                    Download CSV
                  </Button>
                </>
              )}
              {can('privacy', 'delete') && (
                <Button variant="contained" color="error" disabled={!total || busy} onClick={() => setConfirming(true)}>
                  Erase all of it…
                </Button>
              )}
            </Stack>
            {KINDS.filter(([key]) => (person.records[key]?.length ?? 0) > 0).map(([key, label]) => (
              <Box key={key}>
                <Typography variant="subtitle1" component="h3">
                  {label}
                </Typography>
                <Records rows={person.records[key]} />
              </Box>
            ))}
          </CardContent>
        </Card>
      )}

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="erase-title">
        <DialogTitle id="erase-title">Erase everything held about {person?.email}?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {total} records are deleted in one go and cannot be restored. Deals keep their name and amount without this person; ROI calculations keep their
            figures without the link. Type the email address again to confirm.
          </DialogContentText>
          <TextField label="Email address again" value={confirmEmail} onChange={(e) => setConfirmEmail(e.target.value)} fullWidth size="small" />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={busy || confirmEmail.trim().toLowerCase() !== person?.email} onClick={() => void erase()}>
            Erase
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  )
}
