// The outcome of a CSV import: a status line, or an error with the file's bad lines listed by
// number (the API's 422 `{ message, lines }`). Used by the GA4 and Search Console imports.
import { Alert, type AlertProps } from '@mui/material'

export type LineError = { line: number; message: string }

export function ImportMessage({
  message,
  lines,
  error = lines.length > 0,
  sx,
}: {
  message: string
  lines: LineError[]
  error?: boolean
  sx?: AlertProps['sx']
}) {
  if (!message) return null
  return (
    <Alert severity={error ? 'error' : 'info'} sx={sx} role={lines.length ? 'alert' : 'status'}>
      {message}
      {lines.length > 0 && (
        <ul>
          {lines.map((l) => (
            <li key={l.line}>
              Line {l.line}: {l.message}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  )
}
