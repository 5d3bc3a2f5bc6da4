import { Create, SimpleForm } from 'react-admin'
import { LeadInputs } from './LeadInputs.tsx'

export const LeadCreate = () => (
  <Create redirect="show">
    <SimpleForm>
      <LeadInputs mode="create" />
    </SimpleForm>
  </Create>
)
