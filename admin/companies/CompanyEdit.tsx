import { Edit, SimpleForm } from 'react-admin'
import { CompanyInputs } from './CompanyInputs.tsx'

export const CompanyEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show">
    <SimpleForm>
      <CompanyInputs />
    </SimpleForm>
  </Edit>
)
