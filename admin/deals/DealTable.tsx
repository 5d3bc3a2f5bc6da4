// /admin/deals/table: the deals as a sortable, filterable table.
import {
  BulkDeleteButton,
  Button,
  CreateButton,
  DataTable,
  DateField,
  FilterButton,
  List,
  ReferenceField,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin'
import ViewKanbanIcon from '@mui/icons-material/ViewKanban'
import { Link } from 'react-router-dom'
import { dealStageChoices, stageLabel, usd } from '../choices.ts'
import { OwnerField, OwnerInput } from '../common/Owner.tsx'

export const dealFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search deals" />,
  <SelectInput key="stage" source="stage" choices={dealStageChoices} />,
  <OwnerInput key="owner_id" source="owner_id" />,
]

function DealTableActions() {
  return (
    <TopToolbar>
      <Button component={Link} to="/deals" label="Board">
        <ViewKanbanIcon />
      </Button>
      <FilterButton />
      <CreateButton />
    </TopToolbar>
  )
}

export const DealTable = () => (
  <List
    resource="deals"
    filters={dealFilters}
    actions={<DealTableActions />}
    sort={{ field: 'created_at', order: 'DESC' }}
    exporter={false}
    storeKey="deals.table"
  >
    <DataTable rowClick="show" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
      <DataTable.Col source="name" />
      <DataTable.Col source="company_id" label="Company">
        <ReferenceField source="company_id" reference="companies" link="show" emptyText="—" />
      </DataTable.Col>
      <DataTable.Col source="stage" render={(r) => stageLabel(r.stage)} />
      <DataTable.Col source="amount" render={(r) => usd.format(Number(r.amount ?? 0))} />
      <DataTable.Col source="expected_close" label="Expected close" field={DateField} />
      <DataTable.Col source="owner_id" label="Owner">
        <OwnerField />
      </DataTable.Col>
      <DataTable.Col source="created_at" label="Created" field={DateField} />
    </DataTable>
  </List>
)
