import DownloadIcon from '@mui/icons-material/Download'
import UploadIcon from '@mui/icons-material/Upload'
import { Button as MuiButton } from '@mui/material'
import { Link } from 'react-router-dom'
import {
  BooleanField,
  BulkDeleteButton,
  BulkUpdateButton,
  CreateButton,
  DataTable,
  DateField,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
} from 'react-admin'
import { useCan } from '../common/hooks.ts'
import { redirectsExportUrl } from './api.ts'
import { matchChoices, statusChoices } from './choices.ts'

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search URLs and notes" />,
  <SelectInput key="match_type" source="match_type" label="Match" choices={matchChoices} />,
  <SelectInput key="status_code" source="status_code" label="Status" choices={statusChoices} />,
  <TextInput key="group" source="group" label="Group" />,
  <NullableBooleanInput key="enabled" source="enabled" label="Enabled" />,
]

function ExportButton() {
  const { filterValues } = useListContext()
  return (
    <MuiButton size="small" startIcon={<DownloadIcon />} href={redirectsExportUrl({ filter: filterValues })} download>
      Export CSV
    </MuiButton>
  )
}

function Actions() {
  const { can } = useCan()
  return (
    <TopToolbar>
      <FilterButton />
      {can('redirects', 'create') && <CreateButton />}
      {can('redirects', 'import') && (
        <MuiButton size="small" startIcon={<UploadIcon />} component={Link} to="/redirects/import">
          Import
        </MuiButton>
      )}
      {can('redirects', 'export') && <ExportButton />}
    </TopToolbar>
  )
}

const BulkActions = () => (
  <>
    <BulkUpdateButton label="Enable" data={{ enabled: true }} mutationMode="pessimistic" />
    <BulkUpdateButton label="Disable" data={{ enabled: false }} mutationMode="pessimistic" />
    <BulkDeleteButton mutationMode="pessimistic" />
  </>
)

export const RedirectList = () => (
  <List filters={filters} actions={<Actions />} sort={{ field: 'updated_at', order: 'DESC' }} exporter={false} title="Redirects">
    <DataTable rowClick="edit" bulkActionButtons={<BulkActions />}>
      <DataTable.Col source="source" label="Old URL" />
      <DataTable.Col source="target" label="New URL" />
      <DataTable.Col source="status_code" label="Status" />
      <DataTable.Col source="match_type" label="Match" />
      <DataTable.Col source="query_mode" label="Query" />
      <DataTable.Col source="group" label="Group" />
      <DataTable.Col source="enabled" label="Enabled">
        <BooleanField source="enabled" />
      </DataTable.Col>
      <DataTable.NumberCol source="hits" label="Hits" />
      <DataTable.Col source="last_hit_at" label="Last hit">
        <DateField source="last_hit_at" showTime emptyText="never" />
      </DataTable.Col>
    </DataTable>
  </List>
)
