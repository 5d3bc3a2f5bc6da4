import { PasswordInput, SaveButton, SimpleForm, Toolbar, required, useNotify } from 'react-admin'
import { Typography } from '@mui/material'
import { changePassword, FormError } from '../authProvider.ts'

type Values = { currentPassword: string; newPassword: string; confirmPassword: string }

const matches = (value: string, values: Values) => (value && value !== values.newPassword ? 'The two new passwords differ.' : undefined)
const minLength = (value: string) => (value && value.length < 12 ? 'Use at least 12 characters.' : undefined)

/** Current password, new password (12+ characters; the server also refuses guessable ones), confirmation. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const notify = useNotify()
  const save = async (values: Partial<Values>) => {
    try {
      await changePassword(values.currentPassword ?? '', values.newPassword ?? '')
    } catch (error) {
      if (error instanceof FormError) {
        if (Object.keys(error.errors).length) return error.errors
        return { currentPassword: error.message }
      }
      throw error
    }
    notify('Your password has been changed.', { type: 'success' })
    onDone()
  }
  return (
    <SimpleForm
      onSubmit={save}
      toolbar={
        <Toolbar>
          <SaveButton label="Change password" alwaysEnable />
        </Toolbar>
      }
    >
      <Typography variant="body2" color="text.secondary">
        At least 12 characters. Any characters work; a phrase of four or more unrelated words is best. Passwords that are easy to guess (common ones, or your
        name or email) are refused with a hint.
      </Typography>
      <PasswordInput source="currentPassword" label="Current password" validate={required()} autoComplete="current-password" />
      <PasswordInput source="newPassword" label="New password" validate={[required(), minLength]} autoComplete="new-password" />
      <PasswordInput source="confirmPassword" label="Repeat the new password" validate={[required(), matches]} autoComplete="new-password" />
    </SimpleForm>
  )
}
