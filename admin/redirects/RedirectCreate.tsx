import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin'
import { RedirectInputs } from './RedirectInputs.tsx'
import { saveNotice } from './saveNotice.ts'

export function RedirectCreate() {
  const notify = useNotify()
  const redirect = useRedirect()
  return (
    <Create
      mutationOptions={{
        onSuccess: (record) => {
          notify(saveNotice(record), { type: 'success' })
          redirect('list', 'redirects')
        },
      }}
    >
      <SimpleForm defaultValues={{ status_code: 301, match_type: 'exact', query_mode: 'pass', enabled: true, group: '' }}>
        <RedirectInputs />
      </SimpleForm>
    </Create>
  )
}
