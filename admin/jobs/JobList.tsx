// /admin/jobs (admins): every job of the durable runner, newest first, filtered by type and
// state, with attempts, the next run and the last error; Export CSV downloads the filtered list
// streamed by the server (react-admin's own exporter is off: it would stop at one page).
import { Button, DataTable, DateField, FunctionField, List, SelectInput, TextInput, TopToolbar, useListContext } from 'react-admin'
import DownloadIcon from '@mui/icons-material/Download'
import { jobStateChoices, jobsExportUrl } from './jobApi.ts'
import { JobStateChip } from './JobStateChip.tsx'

const filters = [
  <TextInput key="type" source="type" label="Type" alwaysOn />,
  <SelectInput key="state" source="state" label="State" choices={jobStateChoices} alwaysOn />,
]

function ExportJobsButton() {
  const { filterValues, total } = useListContext()
  return (
    <Button
      label="Export CSV"
      disabled={total === 0}
      onClick={() => {
        const link = document.createElement('a')
        link.href = jobsExportUrl({ filter: filterValues })
        link.download = `jobs-${new Date().toISOString().slice(0, 10)}.csv`
        document.body.append(link)
        link.click()
        link.remove()
      }}
    >
      <DownloadIcon />
    </Button>
  )
}

const Actions = () => (
  <TopToolbar>
    <ExportJobsButton />
  </TopToolbar>
)

export const JobList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} actions={<Actions />} exporter={false}>
    <DataTable bulkActionButtons={false} rowClick="show">
      <DataTable.Col source="id" />
      <DataTable.Col source="type" />
      <DataTable.Col source="state">
        <JobStateChip />
      </DataTable.Col>
      <DataTable.Col source="attempts" label="Attempts">
        <FunctionField render={(r) => `${r.attempts} / ${r.max_attempts}`} />
      </DataTable.Col>
      <DataTable.Col source="run_at" label="Runs at">
        <DateField source="run_at" showTime />
      </DataTable.Col>
      <DataTable.Col source="last_error" label="Last error" disableSort>
        <FunctionField render={(r) => (r.last_error ? String(r.last_error).slice(0, 120) : '—')} />
      </DataTable.Col>
    </DataTable>
  </List>
)
