// /admin/audit-logs (admins): every create, update and delete, newest first.
import { DataTable, DateField, List, SelectInput, TextInput, useRecordContext } from 'react-admin'
import { ChangesList } from './AuditLogPanel.tsx'

const filters = [
  <SelectInput key="resource" source="resource" choices={['leads', 'contacts', 'companies', 'deals', 'activities', 'users'].map((id) => ({ id, name: id }))} alwaysOn />,
  <SelectInput key="action" source="action" choices={['create', 'update', 'delete'].map((id) => ({ id, name: id }))} />,
  <TextInput key="record_id" source="record_id" label="Record id" />,
]

const Changes = () => <ChangesList changes={useRecordContext()?.changes} />

export const AuditLogList = () => (
  <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="created_at" label="When" field={DateField} />
      <DataTable.Col source="user_id" label="User" />
      <DataTable.Col source="action" />
      <DataTable.Col source="resource" />
      <DataTable.Col source="record_id" label="Record" />
      <DataTable.Col label="Changes" disableSort>
        <Changes />
      </DataTable.Col>
    </DataTable>
  </List>
)
