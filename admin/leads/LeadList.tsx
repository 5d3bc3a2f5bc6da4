// /admin/leads: newest first, filtered by source, campaign, status, owner, dates and q. Spam is
// hidden unless "Show spam" is on; the export streams every matching row as CSV.
import {
  BulkDeleteButton,
  BulkUpdateButton,
  CreateButton,
  DataTable,
  DateField,
  DateInput,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
} from 'react-admin'
import { FormControlLabel, Switch } from '@mui/material'
import { leadKindChoices, leadStatusChoices } from '../choices.ts'
import { useCan } from '../common/hooks.ts'
import { OwnerField, OwnerInput } from '../common/Owner.tsx'
import { ExportLeadsButton } from './ExportLeadsButton.tsx'
import { LeadStatusChip } from './LeadStatusChip.tsx'

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search leads" />,
  <SelectInput key="status" source="status" choices={leadStatusChoices} alwaysOn />,
  <TextInput key="source" source="source" />,
  <TextInput key="campaign" source="campaign" />,
  <SelectInput key="kind" source="kind" choices={leadKindChoices} />,
  <OwnerInput key="owner_id" source="owner_id" />,
  <DateInput key="created_at_gte" source="created_at_gte" label="Received from" />,
  <DateInput key="created_at_lte" source="created_at_lte" label="Received until" />,
]

/** Adds or removes `include_spam` (a false value would still be a filter the API must read). */
export function ShowSpamToggle() {
  const { filterValues, setFilters, displayedFilters } = useListContext()
  const on = filterValues.include_spam === true
  const toggle = () => {
    const { include_spam: _ignored, ...rest } = filterValues
    setFilters(on ? rest : { ...rest, include_spam: true }, displayedFilters)
  }
  return <FormControlLabel control={<Switch checked={on} onChange={toggle} />} label="Show spam" />
}

function LeadListActions() {
  const { can } = useCan()
  return (
    <TopToolbar>
      <ShowSpamToggle />
      <FilterButton />
      <CreateButton />
      {can('leads', 'export') && <ExportLeadsButton />}
    </TopToolbar>
  )
}

function LeadBulkActions() {
  const { can } = useCan()
  if (!can('leads', 'edit')) return null
  return (
    <>
      <BulkUpdateButton label="Mark contacted" data={{ status: 'contacted' }} mutationMode="pessimistic" />
      <BulkUpdateButton label="Mark lost" data={{ status: 'lost' }} mutationMode="pessimistic" />
      <BulkDeleteButton mutationMode="pessimistic" />
    </>
  )
}

export const LeadList = () => (
  <List filters={filters} actions={<LeadListActions />} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
    <DataTable rowClick="show" bulkActionButtons={<LeadBulkActions />}>
      <DataTable.Col source="created_at" label="Received" field={DateField} />
      <DataTable.Col source="name" />
      <DataTable.Col source="email" />
      <DataTable.Col source="company" />
      <DataTable.Col source="kind" />
      <DataTable.Col source="source" />
      <DataTable.Col source="campaign" />
      <DataTable.Col source="status">
        <LeadStatusChip />
      </DataTable.Col>
      <DataTable.Col source="owner_id" label="Owner">
        <OwnerField />
      </DataTable.Col>
    </DataTable>
  </List>
)
