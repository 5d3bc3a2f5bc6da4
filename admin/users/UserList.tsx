import { BooleanField, CreateButton, DataTable, DateField, List, SearchInput, SelectInput, TopToolbar } from 'react-admin'
import { roleChoices } from '../choices.ts'

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search users" />,
  <SelectInput key="role" source="role" choices={roleChoices} alwaysOn />,
]

export const UserList = () => (
  <List
    filters={filters}
    sort={{ field: 'name', order: 'ASC' }}
    exporter={false}
    actions={
      <TopToolbar>
        <CreateButton label="Invite" />
      </TopToolbar>
    }
  >
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="name" />
      <DataTable.Col source="email" />
      <DataTable.Col source="role" />
      <DataTable.Col source="disabled" field={BooleanField} />
      <DataTable.Col source="must_change_password" label="Temporary password" field={BooleanField} />
      <DataTable.Col source="last_login_at" label="Last sign-in" field={DateField} />
    </DataTable>
  </List>
)
