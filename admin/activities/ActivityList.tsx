import { BulkDeleteButton, CreateButton, DataTable, DateField, DateInput, FilterButton, List, SearchInput, SelectInput, TopToolbar } from 'react-admin'
import { activityTypeChoices } from '../choices.ts'
import { OwnerField, OwnerInput } from '../common/Owner.tsx'
import { LinkedRecords, MarkDoneButton } from './ActivityFields.tsx'

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search activities" />,
  <SelectInput key="type" source="type" choices={activityTypeChoices} alwaysOn />,
  <OwnerInput key="owner_id" source="owner_id" />,
  <DateInput key="due_at_gte" source="due_at_gte" label="Due from" />,
  <DateInput key="due_at_lte" source="due_at_lte" label="Due until" />,
]

function ActivityListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
    </TopToolbar>
  )
}

export const ActivityList = () => (
  <List filters={filters} actions={<ActivityListActions />} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
    <DataTable rowClick="show" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
      <DataTable.Col source="type" />
      <DataTable.Col source="subject" />
      <DataTable.Col source="due_at" label="Due" field={DateField} />
      <DataTable.Col source="done_at" label="Done" field={DateField} />
      <DataTable.Col label="Linked to" disableSort>
        <LinkedRecords />
      </DataTable.Col>
      <DataTable.Col source="owner_id" label="Owner">
        <OwnerField />
      </DataTable.Col>
      <DataTable.Col disableSort>
        <MarkDoneButton />
      </DataTable.Col>
    </DataTable>
  </List>
)
