import { CreateButton, DataTable, FilterButton, List, SearchInput, SelectInput, TextInput, TopToolbar, UrlField, BulkDeleteButton } from 'react-admin'
import { companySizeChoices } from '../choices.ts'
import { OwnerField, OwnerInput } from '../common/Owner.tsx'

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search companies" />,
  <TextInput key="sector" source="sector" />,
  <SelectInput key="size" source="size" choices={companySizeChoices} />,
  <TextInput key="city" source="city" />,
  <TextInput key="state" source="state" />,
  <OwnerInput key="owner_id" source="owner_id" />,
]

function CompanyListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
    </TopToolbar>
  )
}

export const CompanyList = () => (
  <List filters={filters} actions={<CompanyListActions />} sort={{ field: 'name', order: 'ASC' }} exporter={false}>
    <DataTable rowClick="show" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
      <DataTable.Col source="name" />
      <DataTable.Col source="sector" />
      <DataTable.Col source="size" />
      <DataTable.Col source="city" />
      <DataTable.Col source="state" />
      <DataTable.Col source="website">
        <UrlField source="website" target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()} />
      </DataTable.Col>
      <DataTable.Col source="owner_id" label="Owner">
        <OwnerField />
      </DataTable.Col>
    </DataTable>
  </List>
)
