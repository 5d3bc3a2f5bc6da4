// The 404 log: paths sorted by hits, search, hide known bots, show ignored, bulk ignore, and a
// one-click "Create redirect" that opens the redirect form with the closest catalog URL.
import AddLinkIcon from '@mui/icons-material/AddLink'
import { Button as MuiButton } from '@mui/material'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import {
  BooleanInput,
  BulkDeleteButton,
  BulkUpdateButton,
  DataTable,
  DateField,
  FilterButton,
  List,
  SearchInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  type RaRecord,
} from 'react-admin'
import { errorMessage, useCan } from '../common/hooks.ts'
import { notFoundSuggestions } from '../redirects/api.ts'

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search paths" />,
  <BooleanInput key="hideBots" source="hideBots" label="Hide known bots" alwaysOn />,
  <BooleanInput key="ignored" source="ignored" label="Ignored" />,
]

function topOf(counts: unknown): string {
  const entries = Object.entries((counts as Record<string, number> | null) ?? {})
  return entries.length ? `${entries[0][0]} (${entries[0][1]})` : '—'
}

export function CreateRedirectButton() {
  const record = useRecordContext<RaRecord>()
  const navigate = useNavigate()
  const notify = useNotify()
  const [pending, setPending] = useState(false)
  if (!record) return null
  const open = async (event: React.MouseEvent) => {
    event.stopPropagation()
    setPending(true)
    try {
      const { urls } = await notFoundSuggestions(record.id)
      navigate('/redirects/create', {
        state: {
          record: {
            source: record.path,
            target: urls[0] ?? '',
            status_code: 301,
            match_type: 'exact',
            query_mode: 'pass',
            enabled: true,
            group: '',
            note: `From the 404 log (${record.hits} hits)`,
          },
        },
      })
    } catch (error) {
      notify(errorMessage(error, 'No suggestion could be loaded.'), { type: 'error' })
    } finally {
      setPending(false)
    }
  }
  return (
    <MuiButton size="small" startIcon={<AddLinkIcon />} onClick={open} disabled={pending} aria-label={`Create a redirect for ${record.path}`}>
      Create redirect
    </MuiButton>
  )
}

const BulkActions = () => (
  <>
    <BulkUpdateButton label="Ignore" data={{ ignored: true }} mutationMode="pessimistic" />
    <BulkUpdateButton label="Stop ignoring" data={{ ignored: false }} mutationMode="pessimistic" />
    <BulkDeleteButton mutationMode="pessimistic" />
  </>
)

export function NotFoundList() {
  const { can } = useCan()
  return (
    <List
      filters={filters}
      filterDefaultValues={{ hideBots: true, ignored: false }}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
      sort={{ field: 'hits', order: 'DESC' }}
      exporter={false}
      title="404 log"
    >
      <DataTable bulkActionButtons={<BulkActions />} rowClick={false}>
        <DataTable.Col source="path" label="Path" />
        <DataTable.NumberCol source="hits" label="Hits" />
        <DataTable.NumberCol source="bot_hits" label="Bot hits" />
        <DataTable.Col source="first_seen_at" label="First seen">
          <DateField source="first_seen_at" showTime />
        </DataTable.Col>
        <DataTable.Col source="last_seen_at" label="Last seen">
          <DateField source="last_seen_at" showTime />
        </DataTable.Col>
        <DataTable.Col source="referrers" label="Top referrer" disableSort render={(r: RaRecord) => topOf(r.referrers)} />
        <DataTable.Col source="user_agents" label="Top user agent" disableSort render={(r: RaRecord) => topOf(r.user_agents)} />
        {can('redirects', 'create') && (
          <DataTable.Col label="Action" disableSort>
            <CreateRedirectButton />
          </DataTable.Col>
        )}
      </DataTable>
    </List>
  )
}
