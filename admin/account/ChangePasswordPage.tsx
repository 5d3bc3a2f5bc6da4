// /admin/change-password: the only page open to a user holding a temporary password.
import { useLogout } from 'react-admin'
import { Box, Button, Card, CardContent, CardHeader, Typography } from '@mui/material'
import { useNavigate } from 'react-router-dom'
import { ChangePasswordForm } from './ChangePasswordForm.tsx'

export function ChangePasswordPage() {
  const navigate = useNavigate()
  const logout = useLogout()
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardHeader title="Choose a new password" slotProps={{ title: { component: 'h1', variant: 'h5' } }} />
        <CardContent sx={{ pb: 0 }}>
          <Typography>You signed in with a temporary password. Choose your own before you continue.</Typography>
        </CardContent>
        <ChangePasswordForm onDone={() => navigate('/', { replace: true })} />
        <CardContent>
          <Button onClick={() => logout()}>Sign out</Button>
        </CardContent>
      </Card>
    </Box>
  )
}
