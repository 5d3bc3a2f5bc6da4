// Alert settings: where alerts go (email over the server's SMTP, a generic webhook), how many
// may go out per hour, each channel's honest state and last delivery, and a test button. Only
// admins may change them (the server checks); others see them read-only.
import { useState } from 'react'
import { useNotify } from 'react-admin'
import { Alert, Button, Stack, TextField, Typography } from '@mui/material'
import { errorMessage, useCan } from '../common/hooks.ts'
import { saveAlertSettings, sendTestAlert, type AlertSettings } from './api.ts'
import { formatTime, useJson } from './useJson.ts'

const fieldErrors = (error: unknown): Record<string, string> => (error as { body?: { errors?: Record<string, string> } })?.body?.errors ?? {}

export function AlertSettingsPanel() {
  const { data, error, reload } = useJson<AlertSettings>('/alerts/settings')
  if (error)
    return (
      <Alert severity="error" role="alert">
        {error}
      </Alert>
    )
  if (!data) return <Typography>Loading…</Typography>
  // A new key after each save or reload starts the form again from the stored values.
  return <SettingsForm key={`${data.updated_at}|${data.lastEmail?.at}|${data.lastWebhook?.at}`} data={data} reload={reload} />
}

function SettingsForm({ data, reload }: { data: AlertSettings; reload: () => void }) {
  const { can } = useCan()
  const notify = useNotify()
  const editable = can('alerts', 'edit')
  const [form, setForm] = useState({ email: data.email ?? '', webhook_url: data.webhook_url ?? '', max_per_hour: String(data.max_per_hour) })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)

  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    setPending(true)
    setErrors({})
    try {
      await saveAlertSettings({ email: form.email.trim(), webhook_url: form.webhook_url.trim(), max_per_hour: Number(form.max_per_hour) })
      notify('Alert settings saved.', { type: 'success' })
      reload()
    } catch (e) {
      setErrors(fieldErrors(e))
      notify(errorMessage(e, 'The settings could not be saved.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }
  const test = async () => {
    setPending(true)
    try {
      const result = await sendTestAlert()
      notify(
        result.delivery === 'queued'
          ? 'Test alert queued: the channel states below show the outcome within a minute (reload).'
          : 'No channel is configured: the test alert is only in the admin alert log.',
        { type: result.delivery === 'queued' ? 'success' : 'warning' },
      )
      setTimeout(reload, 3000)
    } catch (e) {
      notify(errorMessage(e, 'The test alert could not be sent.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }
  const none = !data.email && !data.webhook_url
  return (
    <Stack spacing={2} component="form" onSubmit={(e) => void save(e)} sx={{ maxWidth: 640 }} noValidate>
      {none && <Alert severity="warning">No channel is configured: alerts stay in the admin (Alerts) and nobody is emailed.</Alert>}
      <Alert severity={data.channels.email === 'live' ? 'success' : data.channels.email === 'not connected' ? 'error' : 'info'}>
        Email: {data.channels.email}
        {data.channels.email === 'not connected' && ' — this server has no SMTP_URL, so alert emails cannot be sent.'}
        {data.lastEmail && ` · last delivery ${data.lastEmail.status} at ${formatTime(data.lastEmail.at)}`}
      </Alert>
      <Alert severity={data.channels.webhook === 'live' ? 'success' : 'info'}>
        Webhook: {data.channels.webhook}
        {data.lastWebhook && ` · last delivery ${data.lastWebhook.status} at ${formatTime(data.lastWebhook.at)}`}
      </Alert>
      <TextField
        label="On-call email address"
        type="email"
        value={form.email}
        onChange={(e) => setForm({ ...form, email: e.target.value })}
        error={Boolean(errors.email)}
        helperText={errors.email ?? 'Receives new errors, incidents and conversion drops. Leave empty for none.'}
        disabled={!editable}
      />
      <TextField
        label="Webhook URL"
        value={form.webhook_url}
        onChange={(e) => setForm({ ...form, webhook_url: e.target.value })}
        error={Boolean(errors.webhook_url)}
        helperText={errors.webhook_url ?? 'Receives a JSON POST { id, kind, subject, text, created_at } (e.g. a chat integration). Leave empty for none.'}
        disabled={!editable}
      />
      <TextField
        label="Most alerts per hour"
        type="number"
        value={form.max_per_hour}
        onChange={(e) => setForm({ ...form, max_per_hour: e.target.value })}
        error={Boolean(errors.max_per_hour)}
        helperText={errors.max_per_hour ?? 'Beyond this, and for a repeat of the same alert within 30 minutes, alerts stay in the admin.'}
        disabled={!editable}
        slotProps={{ htmlInput: { min: 1, max: 1000 } }}
      />
      {editable ? (
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={pending}>
            Save
          </Button>
          <Button type="button" variant="outlined" onClick={() => void test()} disabled={pending}>
            Send a test alert
          </Button>
        </Stack>
      ) : (
        <Typography>Only admins change the alert settings.</Typography>
      )}
    </Stack>
  )
}
