import { Edit, SimpleForm } from 'react-admin'
import { ActivityInputs } from './ActivityInputs.tsx'

export const ActivityEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show">
    <SimpleForm>
      <ActivityInputs />
    </SimpleForm>
  </Edit>
)
