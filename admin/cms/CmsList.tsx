// /admin/cms: every public URL of the last build, with its head, size, links, issues and traffic.
// Filters, sort, pages and a CSV export of the filtered list; a row opens the page's overrides.
import DownloadIcon from '@mui/icons-material/Download'
import { Button as MuiButton, Chip, Stack } from '@mui/material'
import {
  BooleanField,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useRecordContext,
} from 'react-admin'
import { ISSUE_KINDS, ISSUE_LABELS, type CmsPage } from '../../shared/cms.ts'
import { apiUrl } from '../dataProvider.ts'
import { useCan } from '../common/hooks.ts'
import { HiddenLabel } from '../common/HiddenLabel.tsx'

/** The page families of data/catalog.ts (familyCaptions). */
const FAMILIES = [
  'home',
  'static',
  'city',
  'state',
  'hubspot',
  'hubspot-tool',
  'integration',
  'api-service',
  'mortgage',
  'landing',
  'content',
  'legal',
  'service',
  'blog-post',
  'tag',
  'qa',
  'case-study',
  'job',
]

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search URL, title, description" />,
  <SelectInput key="family" source="family" label="Family" choices={FAMILIES.map((id) => ({ id, name: id }))} />,
  <SelectInput
    key="source"
    source="source"
    label="Source"
    choices={[
      { id: 'file', name: 'Data file' },
      { id: 'database', name: 'Database' },
    ]}
  />,
  <SelectInput key="issue" source="issue" label="Issue" choices={ISSUE_KINDS.map((id) => ({ id, name: ISSUE_LABELS[id] }))} />,
  <NullableBooleanInput key="indexable" source="indexable" label="Indexable" />,
  <NullableBooleanInput key="overridden" source="overridden" label="Has overrides" />,
]

export function cmsExportUrl(filter: Record<string, unknown>, sort: { field: string; order: string }) {
  return `${apiUrl}/cms/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) })}`
}

function ExportButton() {
  const { filterValues, sort } = useListContext()
  return (
    <MuiButton size="small" startIcon={<DownloadIcon />} href={cmsExportUrl(filterValues, sort)} download>
      Export CSV
    </MuiButton>
  )
}

function Actions() {
  const { can } = useCan()
  return (
    <TopToolbar>
      <FilterButton />
      {can('cms', 'export') && <ExportButton />}
    </TopToolbar>
  )
}

function Issues() {
  const record = useRecordContext<CmsPage>()
  if (!record?.issues.length) return null
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {record.issues.map((issue) => (
        <Chip key={issue} size="small" color={issue === 'broken-link' || issue === 'duplicate-title' ? 'error' : 'warning'} label={ISSUE_LABELS[issue]} />
      ))}
    </Stack>
  )
}

function Length({ source, max }: { source: 'titleLength' | 'descriptionLength'; max: number }) {
  const record = useRecordContext<CmsPage>()
  if (!record) return null
  const value = record[source]
  return <span style={{ color: value > max ? '#b91c1c' : undefined, fontWeight: value > max ? 600 : undefined }}>{value}</span>
}

function Source() {
  const record = useRecordContext<CmsPage>()
  if (!record) return null
  return <span title={record.record}>{record.source === 'database' ? 'Database' : record.sourceFiles.join(', ')}</span>
}

function Overridden() {
  const record = useRecordContext<CmsPage>()
  return record?.override ? <Chip size="small" color="info" label="Override" /> : null
}

export function CmsList() {
  const { can } = useCan()
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'url', order: 'ASC' }} exporter={false} perPage={50} title="Pages (CMS inventory)">
      <DataTable rowClick={can('cms', 'edit') ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="url" label="URL" />
        <DataTable.Col source="family" label="Family" />
        <DataTable.Col source="source" label="Source">
          <Source />
        </DataTable.Col>
        <DataTable.Col source="title" label="Title" />
        <DataTable.Col source="titleLength" label="Title chars">
          <Length source="titleLength" max={60} />
        </DataTable.Col>
        <DataTable.Col source="descriptionLength" label="Description chars">
          <Length source="descriptionLength" max={160} />
        </DataTable.Col>
        <DataTable.NumberCol source="words" label="Words" />
        <DataTable.Col source="lastModified" label="Last modified" />
        <DataTable.Col source="indexable" label="Indexable">
          <BooleanField source="indexable" />
        </DataTable.Col>
        <DataTable.NumberCol source="linksIn" label="Links in" />
        <DataTable.NumberCol source="linksOut" label="Links out" />
        <DataTable.Col label="Issues" disableSort>
          <Issues />
        </DataTable.Col>
        <DataTable.NumberCol source="views30d" label="Views 30 d" />
        <DataTable.NumberCol source="leads30d" label="Leads 30 d" />
        <DataTable.Col label={<HiddenLabel>Override</HiddenLabel>} disableSort>
          <Overridden />
        </DataTable.Col>
      </DataTable>
    </List>
  )
}
