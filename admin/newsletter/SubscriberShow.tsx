// One subscriber: status, signup source and first-touch attribution, lists, campaigns received /
// opened / clicked, bounces (with manual entry), and the lead or contact with the same email.
import { useId, useState } from 'react'
import {
  DateField,
  EditButton,
  Labeled,
  NumberField,
  Show,
  TextField,
  TopToolbar,
  DeleteWithConfirmButton,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin'
import {
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material'
import { Link } from 'react-router-dom'
import { errorMessage, useCan } from '../common/hooks.ts'
import { addBounce } from './api.ts'
import { StatusChip } from './StatusChip.tsx'

type Detail = {
  id: number
  lists: Array<{ id: number; name: string; status: string }>
  campaigns: Array<{ id: number; name: string; status: string; sent_at: string | null; opened_at: string | null; clicked_at: string | null; bounced: boolean }>
  bounces: Array<{ id: number; type: string; source: string; note: string; created_at: string }>
  lead_id: number | null
  contact_id: number | null
}

const when = (v: string | null) => (v ? new Date(v).toLocaleString() : '—')

function Linked() {
  const r = useRecordContext<Detail>()
  if (!r) return null
  return (
    <Typography component="p">
      {r.lead_id ? <Link to={`/leads/${r.lead_id}/show`}>Lead #{r.lead_id}</Link> : 'No lead with this email'}
      {' · '}
      {r.contact_id ? <Link to={`/contacts/${r.contact_id}/show`}>Contact #{r.contact_id}</Link> : 'no contact with this email'}
    </Typography>
  )
}

function Lists() {
  const r = useRecordContext<Detail>()
  if (!r) return null
  return (
    <Table size="small" aria-label="Lists">
      <TableHead>
        <TableRow>
          <TableCell>List</TableCell>
          <TableCell>Status in the list</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {(r.lists ?? []).map((l) => (
          <TableRow key={l.id}>
            <TableCell>{l.name}</TableCell>
            <TableCell>
              <StatusChip status={l.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function Campaigns() {
  const r = useRecordContext<Detail>()
  if (!r) return null
  if (!r.campaigns?.length) return <Typography>No campaign sent to this address yet.</Typography>
  return (
    <Table size="small" aria-label="Campaigns">
      <TableHead>
        <TableRow>
          <TableCell>Campaign</TableCell>
          <TableCell>Delivery</TableCell>
          <TableCell>Sent</TableCell>
          <TableCell>Opened (human)</TableCell>
          <TableCell>Clicked</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {r.campaigns.map((c) => (
          <TableRow key={c.id}>
            <TableCell>
              <Link to={`/newsletter-campaigns/${c.id}/show`}>{c.name}</Link>
            </TableCell>
            <TableCell>{c.bounced ? 'bounced' : c.status}</TableCell>
            <TableCell>{when(c.sent_at)}</TableCell>
            <TableCell>{when(c.opened_at)}</TableCell>
            <TableCell>{when(c.clicked_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function Bounces() {
  const r = useRecordContext<Detail>()
  const { can } = useCan()
  const notify = useNotify()
  const refresh = useRefresh()
  const typeLabel = useId()
  const [type, setType] = useState('soft')
  const [note, setNote] = useState('')
  if (!r) return null
  const record = async () => {
    try {
      const result = await addBounce(r.id, type, note)
      notify(result.action === 'blocklisted' ? 'Bounce recorded: the address is blocklisted.' : 'Soft bounce counted.', { type: 'success' })
      setNote('')
      refresh()
    } catch (error) {
      notify(errorMessage(error, 'The bounce could not be recorded.'), { type: 'error' })
    }
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {r.bounces?.length ? (
        <Table size="small" aria-label="Bounces and complaints">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Reported by</TableCell>
              <TableCell>Note</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {r.bounces.map((b) => (
              <TableRow key={b.id}>
                <TableCell>{when(b.created_at)}</TableCell>
                <TableCell>{b.type}</TableCell>
                <TableCell>{b.source}</TableCell>
                <TableCell>{b.note}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography>No bounce or complaint.</Typography>
      )}
      {can('subscribers', 'edit') && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id={typeLabel}>Bounce type</InputLabel>
            <Select labelId={typeLabel} label="Bounce type" value={type} onChange={(e) => setType(e.target.value)}>
              <MenuItem value="soft">Soft (counts up)</MenuItem>
              <MenuItem value="hard">Hard (blocklists)</MenuItem>
              <MenuItem value="complaint">Complaint (blocklists)</MenuItem>
            </Select>
          </FormControl>
          <MuiTextField size="small" label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
          <Button variant="outlined" onClick={record}>
            Record bounce
          </Button>
        </Box>
      )}
    </Box>
  )
}

function Actions() {
  const { can } = useCan()
  return (
    <TopToolbar>
      {can('subscribers', 'edit') && <EditButton />}
      {can('subscribers', 'delete') && (
        <DeleteWithConfirmButton
          label="Erase"
          confirmTitle="Erase this person?"
          confirmContent="Everything the newsletter holds about this email (subscriber, lists, sends, opens, clicks, bounces) is deleted for good."
          mutationMode="pessimistic"
        />
      )}
    </TopToolbar>
  )
}

export const SubscriberShow = () => (
  <Show actions={<Actions />}>
    <Card variant="outlined" sx={{ m: 2 }}>
      <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: 'repeat(3, 1fr)' } }}>
        <Labeled label="Email">
          <TextField source="email" />
        </Labeled>
        <Labeled label="Status">
          <StatusChip />
        </Labeled>
        <Labeled label="Name">
          <TextField source="name" emptyText="—" />
        </Labeled>
        <Labeled label="Signup source">
          <TextField source="source" />
        </Labeled>
        <Labeled label="Landing page">
          <TextField source="landing_page" emptyText="—" />
        </Labeled>
        <Labeled label="First touch">
          <TextField source="first_touch" emptyText="—" />
        </Labeled>
        <Labeled label="UTM source / medium / campaign">
          <Box component="span">
            <TextField source="utm_source" emptyText="—" /> / <TextField source="utm_medium" emptyText="—" /> /{' '}
            <TextField source="utm_campaign" emptyText="—" />
          </Box>
        </Labeled>
        <Labeled label="Consent">
          <TextField source="consent" emptyText="—" />
        </Labeled>
        <Labeled label="Confirmed">
          <DateField source="confirmed_at" showTime emptyText="not confirmed" />
        </Labeled>
        <Labeled label="Campaigns received">
          <NumberField source="campaigns_received" />
        </Labeled>
        <Labeled label="Opened">
          <NumberField source="campaigns_opened" />
        </Labeled>
        <Labeled label="Clicked">
          <NumberField source="campaigns_clicked" />
        </Labeled>
        <Labeled label="Soft bounces">
          <NumberField source="soft_bounces" />
        </Labeled>
        <Labeled label="Blocklisted because">
          <TextField source="blocklist_reason" emptyText="—" />
        </Labeled>
        <Labeled label="Lead and contact">
          <Linked />
        </Labeled>
      </CardContent>
    </Card>
    <Box sx={{ m: 2, display: 'grid', gap: 3 }}>
      <section aria-labelledby="subscriber-lists">
        <Typography id="subscriber-lists" variant="h6" component="h2">
          Lists
        </Typography>
        <Lists />
      </section>
      <section aria-labelledby="subscriber-campaigns">
        <Typography id="subscriber-campaigns" variant="h6" component="h2">
          Campaigns
        </Typography>
        <Campaigns />
      </section>
      <section aria-labelledby="subscriber-bounces">
        <Typography id="subscriber-bounces" variant="h6" component="h2">
          Bounces and complaints
        </Typography>
        <Bounces />
      </section>
    </Box>
  </Show>
)
