// /admin/account: who is signed in, and changing one's own password.
import { Title, useGetIdentity } from 'react-admin'
import { Card, CardContent, CardHeader, Typography } from '@mui/material'
import { useNavigate } from 'react-router-dom'
import { ChangePasswordForm } from './ChangePasswordForm.tsx'
import { DigestSetting } from './DigestSetting.tsx'

export function AccountPage() {
  const { identity } = useGetIdentity()
  const navigate = useNavigate()
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title="My account" />
      <CardHeader title="My account" subheader={identity ? `${identity.fullName} · ${identity.email} · ${identity.role}` : ''} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2">
          Change password
        </Typography>
      </CardContent>
      <ChangePasswordForm onDone={() => navigate('/')} />
      <DigestSetting />
    </Card>
  )
}
