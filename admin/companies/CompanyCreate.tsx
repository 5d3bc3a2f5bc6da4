import { Create, SimpleForm } from 'react-admin'
import { CompanyInputs } from './CompanyInputs.tsx'

export const CompanyCreate = () => (
  <Create redirect="show">
    <SimpleForm>
      <CompanyInputs />
    </SimpleForm>
  </Create>
)
