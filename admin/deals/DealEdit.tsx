import { Edit, SimpleForm } from 'react-admin'
import { DealInputs } from './DealInputs.tsx'

export const DealEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show">
    <SimpleForm>
      <DealInputs />
    </SimpleForm>
  </Edit>
)
