import { Create, SimpleForm, useGetIdentity } from 'react-admin'
import { useLocation } from 'react-router-dom'
import { ActivityInputs } from './ActivityInputs.tsx'

export function ActivityCreate() {
  const { identity } = useGetIdentity()
  // Links like /activities/create?source={"contact_id":1} prefill the linked record.
  const { search } = useLocation()
  return (
    <Create redirect="show">
      <SimpleForm defaultValues={{ type: 'task', owner_id: identity?.id ?? null }} key={`${identity?.id}${search}`}>
        <ActivityInputs />
      </SimpleForm>
    </Create>
  )
}
