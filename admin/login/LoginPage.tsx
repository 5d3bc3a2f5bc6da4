// /admin/login (also /admin and /login when signed out): email and password. A signed-in visitor
// is sent on to the overview by react-admin's <Login> wrapper.
import { useState, type FormEvent } from 'react'
import { Login, useLogin } from 'react-admin'
import { Alert, Box, Button, CardContent, CircularProgress, TextField, Typography } from '@mui/material'

function EmailLoginForm() {
  const login = useLogin()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState('')

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setPending(true)
    setError('')
    try {
      await login({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') })
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Sign-in failed.')
      setPending(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <CardContent>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 280 }}>
          <Typography component="h1" variant="h6" align="center">
            Staff sign-in
          </Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {/* The sign-in screen has one task, and focus starts in its first field (as react-admin's own login does). */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <TextField name="email" type="email" label="Email" autoComplete="username" required autoFocus fullWidth />
          <TextField name="password" type="password" label="Password" autoComplete="current-password" required fullWidth />
          <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} /> : null}>
            Sign in
          </Button>
        </Box>
      </CardContent>
    </form>
  )
}

// The screen's main landmark (react-admin's <Login> is a plain div).
export const LoginPage = () => (
  <Box component="main">
    <Login>
      <EmailLoginForm />
    </Login>
  </Box>
)
