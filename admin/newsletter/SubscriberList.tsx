import DownloadIcon from '@mui/icons-material/Download'
import UploadIcon from '@mui/icons-material/Upload'
import { Button as MuiButton } from '@mui/material'
import { Link } from 'react-router-dom'
import {
  CreateButton,
  DataTable,
  DateField,
  FilterButton,
  List,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
} from 'react-admin'
import { SUBSCRIBER_STATUSES } from '../../shared/newsletter.ts'
import { useCan } from '../common/hooks.ts'
import { subscribersExportUrl } from './api.ts'
import { StatusChip } from './StatusChip.tsx'

export const statusChoices = SUBSCRIBER_STATUSES.map((s) => ({ id: s, name: s }))

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search email or name" />,
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} />,
  <TextInput key="source" source="source" label="Signup source" />,
  <ReferenceInput key="list_id" source="list_id" reference="newsletter-lists" label="List">
    <SelectInput optionText="name" label="List" />
  </ReferenceInput>,
  <TextInput key="tag" source="tag" label="Tag" />,
  <NumberInput key="engaged_days" source="engaged_days" label="Engaged in the last N days" min={1} />,
  <TextInput key="utm_campaign" source="utm_campaign" label="First-touch UTM campaign" />,
]

function ExportButton() {
  const { filterValues } = useListContext()
  return (
    <MuiButton size="small" startIcon={<DownloadIcon />} href={subscribersExportUrl({ filter: filterValues })} download>
      Export CSV
    </MuiButton>
  )
}

function Actions() {
  const { can } = useCan()
  return (
    <TopToolbar>
      <FilterButton />
      {can('subscribers', 'create') && <CreateButton />}
      {can('subscribers', 'import') && (
        <MuiButton size="small" startIcon={<UploadIcon />} component={Link} to="/subscribers/import">
          Import
        </MuiButton>
      )}
      {can('subscribers', 'export') && <ExportButton />}
    </TopToolbar>
  )
}

export const SubscriberList = () => (
  <List filters={filters} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} exporter={false} title="Subscribers">
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="email" label="Email" />
      <DataTable.Col source="status" label="Status">
        <StatusChip />
      </DataTable.Col>
      <DataTable.Col source="source" label="Signup source" />
      <DataTable.Col source="utm_campaign" label="First-touch campaign" />
      <DataTable.NumberCol source="campaigns_received" label="Received" />
      <DataTable.NumberCol source="campaigns_opened" label="Opened" />
      <DataTable.NumberCol source="campaigns_clicked" label="Clicked" />
      <DataTable.NumberCol source="soft_bounces" label="Soft bounces" />
      <DataTable.Col source="confirmed_at" label="Confirmed">
        <DateField source="confirmed_at" showTime emptyText="—" />
      </DataTable.Col>
      <DataTable.Col source="created_at" label="Signed up">
        <DateField source="created_at" showTime />
      </DataTable.Col>
    </DataTable>
  </List>
)
