// /admin/error-groups: error groups, most recently seen first; filters by status (open by
// default), source and text; sort by last seen, count or first seen; Export CSV of the filter.
import { Button, DataTable, DateField, FunctionField, List, SelectInput, TextInput, TopToolbar, useListContext } from 'react-admin'
import DownloadIcon from '@mui/icons-material/Download'
import { ERROR_SOURCE_CHOICES, ERROR_STATUS_CHOICES, download, errorGroupsExportUrl } from './api.ts'
import { ErrorStatusChip } from './ErrorStatusChip.tsx'

const filters = [
  <TextInput key="q" source="q" label="Message or page" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={ERROR_STATUS_CHOICES} alwaysOn />,
  <SelectInput key="source" source="source" label="Source" choices={ERROR_SOURCE_CHOICES} alwaysOn />,
]

function ExportButton() {
  const { filterValues, total } = useListContext()
  return (
    <Button
      label="Export CSV"
      disabled={total === 0}
      onClick={() => download(errorGroupsExportUrl({ filter: filterValues }), `errors-${new Date().toISOString().slice(0, 10)}.csv`)}
    >
      <DownloadIcon />
    </Button>
  )
}

const topKeys = (value: unknown, n = 2) =>
  Object.entries((value ?? {}) as Record<string, number>)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k]) => k)
    .join(', ') || '—'

export const ErrorGroupList = () => (
  <List
    filters={filters}
    filterDefaultValues={{ status: 'open' }}
    sort={{ field: 'last_seen_at', order: 'DESC' }}
    actions={
      <TopToolbar>
        <ExportButton />
      </TopToolbar>
    }
    exporter={false}
    empty={false}
  >
    <DataTable bulkActionButtons={false} rowClick="show">
      <DataTable.Col source="message" label="Error" disableSort>
        <FunctionField render={(r) => `${r.error_type}: ${String(r.message).slice(0, 140)}`} />
      </DataTable.Col>
      <DataTable.Col source="status" disableSort>
        <ErrorStatusChip />
      </DataTable.Col>
      <DataTable.Col source="source" disableSort />
      <DataTable.NumberCol source="count" label="Events" />
      <DataTable.Col source="pages" label="Top pages" disableSort>
        <FunctionField render={(r) => topKeys(r.pages)} />
      </DataTable.Col>
      <DataTable.Col source="browsers" label="Browsers" disableSort>
        <FunctionField render={(r) => topKeys(r.browsers)} />
      </DataTable.Col>
      <DataTable.Col source="last_seen_at" label="Last seen">
        <DateField source="last_seen_at" showTime />
      </DataTable.Col>
      <DataTable.Col source="first_seen_at" label="First seen">
        <DateField source="first_seen_at" showTime />
      </DataTable.Col>
    </DataTable>
  </List>
)
