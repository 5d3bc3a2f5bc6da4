import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material'

/** Shows a temporary password once: it is not stored in the page and cannot be fetched again. */
export function TemporaryPasswordDialog({ email, password, onClose }: { email: string; password: string | null; onClose: () => void }) {
  return (
    <Dialog open={password != null} onClose={onClose} aria-labelledby="temp-password-title">
      <DialogTitle id="temp-password-title">Temporary password</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>Give this password to {email} through a safe channel. They must choose their own at first sign-in.</Typography>
        <Box
          component="code"
          data-testid="temporary-password"
          sx={{ fontSize: '1.1rem', p: 1.5, bgcolor: 'grey.100', borderRadius: 1, userSelect: 'all', wordBreak: 'break-all' }}
        >
          {password}
        </Box>
        <Alert severity="warning">It is shown only this once.</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(password ?? '').catch(() => undefined)}>Copy</Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  )
}
