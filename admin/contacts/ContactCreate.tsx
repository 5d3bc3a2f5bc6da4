import { Create, SimpleForm } from 'react-admin'
import { ContactInputs } from './ContactInputs.tsx'

export const ContactCreate = () => (
  <Create redirect={(_resource, id) => `contacts/${id}`}>
    <SimpleForm defaultValues={{ emails: [], phones: [], tags: [], status: 'cold' }}>
      <ContactInputs />
    </SimpleForm>
  </Create>
)
