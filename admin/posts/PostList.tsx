// /admin/posts: database posts (filters, sort, CSV) and, below, the Markdown file posts of
// data/blog/ (read-only, with their path), each importable into the database in one action.
import DownloadIcon from '@mui/icons-material/Download'
import { Alert, Box, Button as MuiButton, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import {
  ChipField,
  CreateButton,
  DataTable,
  DateField,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin'
import { errorMessage, useCan } from '../common/hooks.ts'
import { postsApi, postsExportUrl, type FilePost } from './api.ts'
import { HiddenLabel } from '../common/HiddenLabel.tsx'

export const statusChoices = [
  { id: 'draft', name: 'Draft' },
  { id: 'scheduled', name: 'Scheduled' },
  { id: 'published', name: 'Published' },
  { id: 'archived', name: 'Archived' },
]

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search titles and slugs" />,
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} />,
  <TextInput key="tag" source="tag" label="Tag slug" />,
  <TextInput key="author" source="author" label="Author" />,
]

function ExportButton() {
  const { filterValues } = useListContext()
  return (
    <MuiButton size="small" startIcon={<DownloadIcon />} href={postsExportUrl({ filter: filterValues })} download>
      Export CSV
    </MuiButton>
  )
}

function Actions() {
  const { can } = useCan()
  return (
    <TopToolbar>
      <FilterButton />
      {can('posts', 'create') && <CreateButton />}
      {can('posts', 'export') && <ExportButton />}
    </TopToolbar>
  )
}

function FilePosts() {
  const { can } = useCan()
  const notify = useNotify()
  const refresh = useRefresh()
  const query = useQuery({ queryKey: ['admin', 'post-files'], queryFn: () => postsApi.files() })
  const files: FilePost[] | undefined = query.data
  const error = query.error ? errorMessage(query.error) : ''
  const load = () => query.refetch()
  const importOne = async (slug: string) => {
    try {
      const post = await postsApi.importFile(slug)
      notify(`Imported ${post.sourcePath} as a database post (${post.receipt.written.length} file(s) written in ${post.receipt.durationMs} ms).`, {
        type: 'success',
      })
      await load()
      refresh()
    } catch (e) {
      notify(errorMessage(e, 'The import failed; nothing was changed.'), { type: 'error' })
    }
  }
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6">
          File posts (data/blog/)
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Read-only here: they are edited in the repository. Import one to edit, schedule and publish it from the admin.
        </Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {files?.length === 0 && <Typography sx={{ mt: 1 }}>Every file post is in the database.</Typography>}
        {files && files.length > 0 && (
          <Table size="small" aria-label="File posts">
            <TableHead>
              <TableRow>
                <TableCell>Title</TableCell>
                <TableCell>File</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>Tags</TableCell>
                <TableCell>
                  <HiddenLabel>Actions</HiddenLabel>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {files.map((f) => (
                <TableRow key={f.slug}>
                  <TableCell>
                    <a href={f.url}>{f.title}</a>
                  </TableCell>
                  <TableCell>
                    <code>{f.sourcePath}</code>
                  </TableCell>
                  <TableCell>{f.date}</TableCell>
                  <TableCell>{f.tags.join(', ')}</TableCell>
                  <TableCell>
                    {can('posts', 'import') && (
                      <MuiButton size="small" onClick={() => void importOne(f.slug)}>
                        Import into the database
                      </MuiButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}

export const PostList = () => (
  <Box>
    <List filters={filters} actions={<Actions />} sort={{ field: 'updated_at', order: 'DESC' }} exporter={false} title="Posts">
      <DataTable rowClick="edit">
        <DataTable.Col source="title" label="Title" />
        <DataTable.Col source="slug" label="Slug" />
        <DataTable.Col source="status" label="Status">
          <ChipField source="status" size="small" />
        </DataTable.Col>
        <DataTable.Col source="tags" label="Tags" render={(r) => (r.tags as string[]).join(', ')} disableSort />
        <DataTable.Col source="author" label="Author" />
        <DataTable.Col source="publish_at" label="Publish at">
          <DateField source="publish_at" showTime emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="updated_at" label="Updated">
          <DateField source="updated_at" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
    <FilePosts />
  </Box>
)
