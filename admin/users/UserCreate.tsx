// /admin/users/create: invite a staff member. The answer holds a temporary password, shown once.
import { useState } from 'react'
import { Create, SimpleForm, useNotify } from 'react-admin'
import { useNavigate } from 'react-router-dom'
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog.tsx'
import { UserInputs } from './UserInputs.tsx'

export function UserCreate() {
  const [invited, setInvited] = useState<{ email: string; password: string } | null>(null)
  const navigate = useNavigate()
  const notify = useNotify()
  return (
    <>
      <Create
        title="Invite a user"
        mutationOptions={{
          onSuccess: (user) => {
            notify(`${user.email} invited.`, { type: 'success' })
            setInvited({ email: user.email, password: user.temporaryPassword })
          },
        }}
      >
        <SimpleForm>
          <UserInputs mode="create" />
        </SimpleForm>
      </Create>
      <TemporaryPasswordDialog email={invited?.email ?? ''} password={invited?.password ?? null} onClose={() => (setInvited(null), navigate('/users'))} />
    </>
  )
}
