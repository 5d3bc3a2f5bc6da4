// /admin/audit-logs (admins): every create, update and delete, and every sign-in, failed
// sign-in, sign-out and password change, newest first, with who and when to the second.
import { DataTable, List, SelectInput, TextInput, useRecordContext } from 'react-admin'
import { AUDIT_ACTIONS, auditActionLabels } from '../../shared/adminContract.ts'
import { actionLabel, AuditTime, AuditUser, ChangesList } from './AuditLogPanel.tsx'

const filters = [
  <SelectInput
    key="resource"
    source="resource"
    choices={['leads', 'contacts', 'companies', 'deals', 'activities', 'users', 'demo-data', 'jobs'].map((id) => ({ id, name: id }))}
    alwaysOn
  />,
  <SelectInput key="action" source="action" choices={AUDIT_ACTIONS.map((id) => ({ id, name: auditActionLabels[id] }))} alwaysOn />,
  <TextInput key="record_id" source="record_id" label="Record id" />,
]

function Action() {
  return <>{actionLabel(useRecordContext()?.action)}</>
}

function Changes() {
  const record = useRecordContext()
  return <ChangesList changes={record?.changes} action={record?.action} />
}

export const AuditLogList = () => (
  <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="created_at" label="When">
        <AuditTime />
      </DataTable.Col>
      <DataTable.Col source="user_id" label="User">
        <AuditUser />
      </DataTable.Col>
      <DataTable.Col source="action">
        <Action />
      </DataTable.Col>
      <DataTable.Col source="resource" />
      <DataTable.Col source="record_id" label="Record" />
      <DataTable.Col label="Changes" disableSort>
        <Changes />
      </DataTable.Col>
    </DataTable>
  </List>
)
