// /admin/tags: tags with their own SEO fields; merging one into another moves its posts and
// redirects its /tag/ URL.
import DownloadIcon from '@mui/icons-material/Download'
import { Button as MuiButton, Stack, TextField } from '@mui/material'
import { useState } from 'react'
import {
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  DateField,
  Edit,
  List,
  SearchInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  useListContext,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin'
import { errorMessage, useCan } from '../common/hooks.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { tagsExportUrl } from './api.ts'

function ExportButton() {
  const { filterValues } = useListContext()
  return (
    <MuiButton size="small" startIcon={<DownloadIcon />} href={tagsExportUrl({ filter: filterValues })} download>
      Export CSV
    </MuiButton>
  )
}

function Actions() {
  const { can } = useCan()
  return (
    <TopToolbar>
      {can('tags', 'create') && <CreateButton />}
      {can('tags', 'export') && <ExportButton />}
    </TopToolbar>
  )
}

export const TagList = () => (
  <List
    filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search tags" />]}
    actions={<Actions />}
    sort={{ field: 'slug', order: 'ASC' }}
    exporter={false}
    title="Tags"
  >
    <DataTable rowClick="edit">
      <DataTable.Col source="name" label="Name" />
      <DataTable.Col source="slug" label="Slug" />
      <DataTable.Col source="seo_title" label="SEO title" />
      <DataTable.Col source="updated_at" label="Updated">
        <DateField source="updated_at" showTime />
      </DataTable.Col>
    </DataTable>
  </List>
)

const inputs = [
  <TextInput key="name" source="name" validate={required()} />,
  <TextInput key="slug" source="slug" validate={required()} helperText="The tag's URL: /tag/<slug>" />,
  <TextInput key="description" source="description" multiline fullWidth helperText="Shown under the heading of the tag's page." />,
  <TextInput key="seo_title" source="seo_title" label="SEO title" helperText="The tag page's title in search results; at most 60 characters." />,
  <TextInput
    key="seo_description"
    source="seo_description"
    label="SEO description"
    multiline
    fullWidth
    helperText="The tag page's description in search results; at most 160 characters."
  />,
  <BooleanInput key="noindex" source="noindex" label="Hide from search engines" />,
]

const toContract = (d: Record<string, unknown>) => ({
  name: d.name,
  slug: d.slug,
  description: d.description ?? '',
  seoTitle: d.seo_title ?? null,
  seoDescription: d.seo_description ?? null,
  noindex: Boolean(d.noindex),
})

function MergePanel() {
  const record = useRecordContext()
  const notify = useNotify()
  const redirect = useRedirect()
  const [into, setInto] = useState('')
  if (!record) return null
  const merge = async () => {
    try {
      const { json } = await httpClient(`${apiUrl}/tags/${record.id}/merge`, { method: 'POST', body: JSON.stringify({ into }) })
      notify(`Merged into ${json.into}: ${json.posts} post(s) moved; /tag/${json.merged} redirects.`, { type: 'success' })
      redirect('list', 'tags')
    } catch (e) {
      notify(errorMessage(e, 'The merge failed; nothing was changed.'), { type: 'error' })
    }
  }
  return (
    <Stack direction="row" spacing={1} sx={{ p: 2 }} alignItems="center">
      <TextField id="merge-into" label="Merge into tag (slug)" value={into} onChange={(e) => setInto(e.target.value)} size="small" />
      <MuiButton onClick={() => void merge()} disabled={!into}>
        Merge
      </MuiButton>
    </Stack>
  )
}

export const TagEdit = () => (
  <Edit transform={toContract} mutationMode="pessimistic" aside={<MergePanel />}>
    <SimpleForm>{inputs}</SimpleForm>
  </Edit>
)
export const TagCreate = () => (
  <Create transform={toContract} redirect="list">
    <SimpleForm>{inputs}</SimpleForm>
  </Create>
)
