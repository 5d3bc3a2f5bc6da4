// /admin/users/:id: name, role, disabled; a password reset that shows a new temporary password.
import { useState } from 'react'
import { Button, DateField, Edit, Labeled, SimpleForm, TopToolbar, useNotify, useRecordContext } from 'react-admin'
import LockResetIcon from '@mui/icons-material/LockReset'
import { AuditLogPanel } from '../audit/AuditLogPanel.tsx'
import { errorMessage, useAdminDataProvider } from '../common/hooks.ts'
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog.tsx'
import { UserInputs } from './UserInputs.tsx'

function ResetPasswordButton() {
  const record = useRecordContext()
  const dataProvider = useAdminDataProvider()
  const notify = useNotify()
  const [password, setPassword] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  if (!record) return null
  const reset = async () => {
    if (!window.confirm(`Reset the password of ${record.email}? Their sessions end and they must choose a new password.`)) return
    setPending(true)
    try {
      setPassword((await dataProvider.resetPassword(record.id)).temporaryPassword)
    } catch (error) {
      notify(errorMessage(error), { type: 'error' })
    } finally {
      setPending(false)
    }
  }
  return (
    <>
      <Button label="Reset password" onClick={reset} disabled={pending}>
        <LockResetIcon />
      </Button>
      <TemporaryPasswordDialog email={record.email} password={password} onClose={() => setPassword(null)} />
    </>
  )
}

// Only the editable fields go back: the API never takes an email or a password here.
const editable = ({ name, role, disabled }: Record<string, unknown>) => ({ name, role, disabled })

export const UserEdit = () => (
  <Edit
    mutationMode="pessimistic"
    redirect="list"
    transform={editable}
    actions={
      <TopToolbar>
        <ResetPasswordButton />
      </TopToolbar>
    }
  >
    <SimpleForm>
      <UserInputs mode="edit" />
      <Labeled label="Last sign-in">
        <DateField source="last_login_at" label="Last sign-in" showTime emptyText="never signed in" />
      </Labeled>
    </SimpleForm>
    <AuditLogPanel resource="users" />
  </Edit>
)
