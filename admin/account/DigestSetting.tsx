// My account → weekly analytics digest (issue 13, decision 129): on or off, where the mail goes
// (the provider's honest state) and the last week sent with its message id, or why it failed.
import { useEffect, useState } from 'react'
import { useNotify } from 'react-admin'
import { Alert, CardContent, FormControlLabel, Switch, Typography } from '@mui/material'
import { errorMessage } from '../common/hooks.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'

type DigestState = {
  optedIn: boolean
  allowed: boolean
  mail: { state: 'not-connected' | 'test' | 'live'; description: string }
  last: { week_start: string; status: string; message_id: string | null; error: string } | null
}

export function DigestSetting() {
  const notify = useNotify()
  const [state, setState] = useState<DigestState | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    httpClient(`${apiUrl}/account/digest`)
      .then((r) => setState(r.json as DigestState))
      .catch((e) => setError(errorMessage(e, 'The digest setting could not be loaded: reload the page.')))
  }, [])
  const save = async (optedIn: boolean) => {
    try {
      const r = await httpClient(`${apiUrl}/account/digest`, {
        method: 'PUT',
        body: JSON.stringify({ optedIn }),
        headers: { 'Content-Type': 'application/json' },
      })
      setState(r.json as DigestState)
      notify(optedIn ? 'You will receive the weekly digest on Mondays.' : 'The weekly digest is off.', { type: 'success' })
    } catch (e) {
      notify(errorMessage(e, 'The setting was not saved: try again.'), { type: 'error' })
    }
  }
  return (
    <CardContent>
      <Typography variant="h6" component="h2">
        Weekly analytics digest
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {state && !state.allowed && <Typography variant="body2">The digest holds the site analytics, which your role does not see.</Typography>}
      {state?.allowed && (
        <>
          <FormControlLabel
            control={<Switch checked={state.optedIn} onChange={(e) => void save(e.target.checked)} />}
            label="Email me last week's visitors, leads, top pages and channels every Monday"
          />
          <Typography variant="body2">
            {state.mail.state === 'not-connected'
              ? 'No email provider is connected (set SMTP_URL): digests wait until one is.'
              : `Mail goes through ${state.mail.description}${state.mail.state === 'test' ? ' (test mode: nothing leaves this machine)' : ''}.`}
          </Typography>
          {state.last && (
            <Typography variant="body2">
              Last digest, week of {state.last.week_start}:{' '}
              {state.last.status === 'sent' ? `sent (message id ${state.last.message_id})` : `not sent: ${state.last.error}`}
            </Typography>
          )}
        </>
      )}
    </CardContent>
  )
}
