// /admin/newsletter-settings: the email provider's honest state (not connected / test / live),
// where mail goes, the sending rate and the connection test (optionally with a message to you).
import { useEffect, useState } from 'react'
import { Title, useNotify } from 'react-admin'
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Table, TableBody, TableCell, TableRow } from '@mui/material'
import { errorMessage, useCan } from '../common/hooks.ts'
import { mailState, mailTest, type MailState } from './api.ts'

const stateLabel = { 'not-connected': 'Not connected', test: 'Test', live: 'Live' } as const
const stateColor = { 'not-connected': 'error', test: 'warning', live: 'success' } as const
const explain = {
  'not-connected':
    'No email can be sent: confirmation, welcome and campaign emails wait in the job queue. Set SMTP_URL (or MAIL_PROVIDER=file for a local sink) and restart.',
  test: 'Emails are accepted but do not reach real inboxes (a local file sink or a capture SMTP server).',
  live: 'Emails are delivered through the SMTP server below.',
} as const

export function MailSettings() {
  const notify = useNotify()
  const { can } = useCan()
  const [state, setState] = useState<MailState | null>(null)
  const [result, setResult] = useState<{ ok: boolean; message: string; messageId: string | null } | null>(null)
  const [pending, setPending] = useState(false)
  useEffect(() => {
    mailState().then(setState, (e) => notify(errorMessage(e, 'The provider state could not be loaded.'), { type: 'error' }))
  }, [notify])
  const test = async (send: boolean) => {
    setPending(true)
    try {
      setResult(await mailTest(send))
    } catch (error) {
      setResult({ ok: false, message: errorMessage(error), messageId: null })
    } finally {
      setPending(false)
    }
  }
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Newsletter settings" />
      <CardHeader
        title="Email delivery"
        subheader="Set in the server's environment (.env.example): SMTP_URL, MAIL_MODE, NEWSLETTER_FROM, NEWSLETTER_RATE_PER_SECOND."
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        {state && (
          <>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              <Chip label={stateLabel[state.state]} color={stateColor[state.state]} />
              <span>{explain[state.state]}</span>
            </Box>
            <Table size="small" aria-label="Delivery settings">
              <TableBody>
                {[
                  ['Provider', state.description],
                  ['From', state.from],
                  ['Links point to', state.siteUrl],
                  ['Sending rate', `${state.ratePerSecond} emails per second, batches of ${state.batchSize}`],
                  [
                    'Bounce webhook',
                    state.bounceWebhook === 'on'
                      ? 'On: POST /api/newsletter/webhooks/bounce with the bearer token'
                      : 'Off: set NEWSLETTER_WEBHOOK_TOKEN to turn it on',
                  ],
                ].map(([k, v]) => (
                  <TableRow key={k}>
                    <TableCell component="th" scope="row">
                      {k}
                    </TableCell>
                    <TableCell>{v}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
        {can('newsletter-settings', 'edit') && (
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Button variant="outlined" disabled={pending} onClick={() => test(false)}>
              Test the connection
            </Button>
            <Button variant="outlined" disabled={pending} onClick={() => test(true)}>
              Test and send me a message
            </Button>
          </Box>
        )}
        {result && (
          <Alert severity={result.ok ? 'success' : 'error'} role="status">
            {result.message}
            {result.messageId && ` Message accepted: ${result.messageId}.`}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}
