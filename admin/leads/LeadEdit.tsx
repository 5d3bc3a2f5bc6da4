import { Edit, SimpleForm } from 'react-admin'
import { AuditLogPanel } from '../audit/AuditLogPanel.tsx'
import { LeadInputs } from './LeadInputs.tsx'

// Only the workflow fields are sent: the submission is read-only on the server too.
const workflowOnly = ({ status, owner_id, notes, is_spam }: Record<string, unknown>) => ({ status, owner_id, notes, is_spam })

export const LeadEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" transform={workflowOnly}>
    <SimpleForm>
      <LeadInputs mode="edit" />
    </SimpleForm>
    <AuditLogPanel resource="leads" />
  </Edit>
)
