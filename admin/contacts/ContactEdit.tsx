import { Edit, SimpleForm } from 'react-admin'
import { ContactInputs } from './ContactInputs.tsx'

export const ContactEdit = () => (
  <Edit resource="contacts" mutationMode="pessimistic" redirect={(_resource, id) => `contacts/${id}`}>
    <SimpleForm>
      <ContactInputs />
    </SimpleForm>
  </Edit>
)
