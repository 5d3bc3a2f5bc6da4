// Campaigns: the list, and one campaign's page — preview (HTML in a sandboxed frame, plain text),
// test send to yourself, send now or schedule, cancel, and the report: delivery, human and machine
// opens, unique clicks, CTR, click-to-open, unsubscribes, complaints, clicks per link and the
// closed loop (sessions, leads, deals, won value with utm_campaign=<slug>).
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import {
  CreateButton,
  DataTable,
  DateField,
  EditButton,
  List,
  Show,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  SearchInput,
  SelectInput,
} from 'react-admin'
import { Alert, Box, Button, Card, CardContent, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Typography } from '@mui/material'
import type { CampaignReport } from '../../shared/newsletter.ts'
import { CAMPAIGN_STATUSES } from '../../shared/newsletter.ts'
import { errorMessage, useCan } from '../common/hooks.ts'
import { campaignPreview, campaignReport, cancelCampaign, sendCampaign, testCampaign, type Preview } from './api.ts'
import { StatusChip } from './StatusChip.tsx'

const ReportChart = lazy(() => import('./ReportChart.tsx'))

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search campaign names" />,
  <SelectInput key="status" source="status" choices={CAMPAIGN_STATUSES.map((s) => ({ id: s, name: s }))} />,
]

const ListActions = () => {
  const { can } = useCan()
  return <TopToolbar>{can('newsletter-campaigns', 'create') && <CreateButton />}</TopToolbar>
}

export const CampaignList = () => (
  <List filters={filters} actions={<ListActions />} sort={{ field: 'created_at', order: 'DESC' }} exporter={false} title="Campaigns">
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="name" />
      <DataTable.Col source="subject" />
      <DataTable.Col source="status">
        <StatusChip />
      </DataTable.Col>
      <DataTable.Col source="scheduled_at" label="Scheduled for">
        <DateField source="scheduled_at" showTime emptyText="—" />
      </DataTable.Col>
      <DataTable.NumberCol source="recipients" />
      <DataTable.NumberCol source="sent" />
      <DataTable.NumberCol source="unique_opens_human" label="Human opens (unique)" />
      <DataTable.NumberCol source="unique_clicks" label="Unique clicks" />
      <DataTable.NumberCol source="unsubscribes" />
    </DataTable>
  </List>
)

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`)

function ReportView({ report }: { report: CampaignReport }) {
  const rows: Array<[string, string | number]> = [
    ['Recipients', report.recipients],
    ['Sent (accepted by the provider)', report.sent],
    ['Failed or interrupted (not sent)', report.failed],
    ['Delivered', report.delivered],
    ['Bounced', report.bounced],
    ['Human opens', report.opensHuman],
    ['Machine opens (proxies, scanners, prefetch)', report.opensMachine],
    ['Unique human opens', report.track ? report.uniqueOpensHuman : 'not tracked'],
    ['Clicks', report.clicks],
    ['Unique clicks', report.track ? report.uniqueClicks : 'not tracked'],
    ['Click-through rate (unique clicks ÷ delivered)', pct(report.ctr)],
    ['Click-to-open rate (unique clicks ÷ unique opens)', pct(report.clickToOpen)],
    ['Unsubscribes', report.unsubscribes],
    ['Complaints', report.complaints],
  ]
  const loop: Array<[string, string | number]> = [
    ['Site sessions', report.closedLoop.sessions],
    ['Leads', report.closedLoop.leads],
    ['Deals', report.closedLoop.deals],
    ['Won deals', report.closedLoop.wonDeals],
    ['Won value', report.closedLoop.wonValue.toLocaleString('en-US', { style: 'currency', currency: 'USD' })],
  ]
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' } }}>
      <Box sx={{ height: 280 }} aria-hidden="true">
        <Suspense fallback={<Typography>Loading chart…</Typography>}>
          <ReportChart report={report} />
        </Suspense>
      </Box>
      <Table size="small" aria-label="Campaign report">
        <TableBody>
          {rows.map(([k, v]) => (
            <TableRow key={k}>
              <TableCell component="th" scope="row">
                {k}
              </TableCell>
              <TableCell align="right">{v}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <section aria-labelledby="closed-loop">
        <Typography id="closed-loop" variant="h6" component="h2">
          Closed loop: utm_campaign={report.slug}
        </Typography>
        <Table size="small" aria-label="Closed loop">
          <TableBody>
            {loop.map(([k, v]) => (
              <TableRow key={k}>
                <TableCell component="th" scope="row">
                  {k}
                </TableCell>
                <TableCell align="right">{v}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
      <section aria-labelledby="clicks-per-link">
        <Typography id="clicks-per-link" variant="h6" component="h2">
          Clicks per link
        </Typography>
        <Table size="small" aria-label="Clicks per link">
          <TableHead>
            <TableRow>
              <TableCell>Link</TableCell>
              <TableCell align="right">Clicks</TableCell>
              <TableCell align="right">Unique</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.links.map((l) => (
              <TableRow key={l.position}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{l.url}</TableCell>
                <TableCell align="right">{l.clicks}</TableCell>
                <TableCell align="right">{report.track ? l.uniqueClicks : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </Box>
  )
}

function CampaignPage() {
  const record = useRecordContext()
  const notify = useNotify()
  const refresh = useRefresh()
  const { can } = useCan()
  const [tab, setTab] = useState(0)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [report, setReport] = useState<CampaignReport | null>(null)
  const [problem, setProblem] = useState('')
  const [at, setAt] = useState('')
  const [testTo, setTestTo] = useState('')
  const id = record?.id
  const status = String(record?.status ?? '')
  const load = useCallback(() => {
    if (id === undefined) return
    campaignPreview(id).then(setPreview, (e) => setProblem(errorMessage(e, 'The preview could not be made.')))
    campaignReport(id).then(setReport, (e) => setProblem(errorMessage(e, 'The report could not be loaded.')))
  }, [id])
  useEffect(load, [load, record?.updated_at])
  useEffect(() => {
    if (status !== 'sending' && status !== 'scheduled') return
    const timer = setInterval(() => refresh(), 3000)
    return () => clearInterval(timer)
  }, [status, refresh])
  if (!record) return null
  const act = async (what: () => Promise<unknown>, done: string) => {
    try {
      await what()
      notify(done, { type: 'success' })
      refresh()
      load()
    } catch (error) {
      notify(errorMessage(error), { type: 'error' })
    }
  }
  const editable = status === 'draft' || status === 'scheduled'
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <StatusChip />
        <Typography>
          {record.subject} · slug <code>{record.slug}</code>
          {preview && ` · ${preview.recipients} recipients now`}
          {record.scheduled_at && status === 'scheduled' && ` · scheduled for ${new Date(record.scheduled_at).toLocaleString()}`}
        </Typography>
      </Box>
      {record.last_error && <Alert severity="warning">The last batch failed: {record.last_error}. The job runner retries it with backoff.</Alert>}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {can('newsletter-campaigns', 'edit') && (
        <Card variant="outlined">
          <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField size="small" label="Send a test to" placeholder="you (default)" value={testTo} onChange={(e) => setTestTo(e.target.value)} />
            <Button
              variant="outlined"
              onClick={() => act(async () => notify(`Test accepted for ${(await testCampaign(record.id, testTo || undefined)).to}.`), 'Test sent.')}
            >
              Send test
            </Button>
            {editable && (
              <>
                <Button variant="contained" onClick={() => act(() => sendCampaign(record.id), 'Sending started: emails go out in batches.')}>
                  Send now
                </Button>
                <TextField
                  size="small"
                  type="datetime-local"
                  label="Schedule for"
                  value={at}
                  onChange={(e) => setAt(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <Button variant="outlined" disabled={!at} onClick={() => act(() => sendCampaign(record.id, new Date(at).toISOString()), 'Campaign scheduled.')}>
                  Schedule
                </Button>
              </>
            )}
            {(status === 'scheduled' || status === 'sending') && (
              <Button
                color="error"
                variant="outlined"
                onClick={() => act(() => cancelCampaign(record.id), status === 'sending' ? 'Sending stops after the batch in flight.' : 'Back to draft.')}
              >
                {status === 'sending' ? 'Stop sending' : 'Unschedule'}
              </Button>
            )}
          </CardContent>
        </Card>
      )}
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label="Campaign views">
        <Tab label="Report" id="campaign-tab-0" aria-controls="campaign-panel-0" />
        <Tab label="Preview (HTML)" id="campaign-tab-1" aria-controls="campaign-panel-1" />
        <Tab label="Plain text" id="campaign-tab-2" aria-controls="campaign-panel-2" />
      </Tabs>
      <div role="tabpanel" id="campaign-panel-0" aria-labelledby="campaign-tab-0" hidden={tab !== 0}>
        {report ? <ReportView report={report} /> : <Typography>Loading the report…</Typography>}
      </div>
      <div role="tabpanel" id="campaign-panel-1" aria-labelledby="campaign-tab-1" hidden={tab !== 1}>
        {preview && <iframe title="Email preview" sandbox="" srcDoc={preview.html} style={{ width: '100%', height: 640, border: '1px solid #cbd5e1' }} />}
      </div>
      <div role="tabpanel" id="campaign-panel-2" aria-labelledby="campaign-tab-2" hidden={tab !== 2}>
        {preview && (
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', p: 2, border: '1px solid #cbd5e1' }}>
            {preview.text}
          </Box>
        )}
      </div>
    </Box>
  )
}

const ShowActions = () => {
  const record = useRecordContext()
  const { can } = useCan()
  return <TopToolbar>{can('newsletter-campaigns', 'edit') && ['draft', 'scheduled'].includes(String(record?.status)) && <EditButton />}</TopToolbar>
}

export const CampaignShow = () => (
  <Show actions={<ShowActions />}>
    <CampaignPage />
  </Show>
)
