import { Create, SimpleForm } from 'react-admin'
import { DealInputs } from './DealInputs.tsx'

export const DealCreate = () => (
  <Create redirect="show">
    <SimpleForm defaultValues={{ contact_ids: [], stage: 'lead', amount: 0 }}>
      <DealInputs />
    </SimpleForm>
  </Create>
)
