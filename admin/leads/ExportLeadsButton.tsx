// Downloads GET /api/admin/leads/export.csv with the list's current filter and sort: the server
// streams every matching row (not capped at one page) and the browser writes it to disk.
import { Button, useListContext } from 'react-admin'
import DownloadIcon from '@mui/icons-material/Download'
import { useAdminDataProvider } from '../common/hooks.ts'

export function ExportLeadsButton() {
  const { filterValues, sort, total } = useListContext()
  const dataProvider = useAdminDataProvider()
  return (
    <Button label="Export CSV" disabled={total === 0} onClick={() => void dataProvider.exportLeads({ filter: filterValues, sort })}>
      <DownloadIcon />
    </Button>
  )
}
