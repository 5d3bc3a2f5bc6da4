// One page of the inventory: what the build rendered, and its overrides (title, description,
// noindex, canonical). Saving applies them to the live page at once and the next full build keeps
// them; clearing every field removes the override.
import { Alert, Box, Chip, Stack, Typography } from '@mui/material'
import { BooleanField, Edit, Labeled, NullableBooleanInput, NumberField, SimpleForm, TextField, TextInput, useNotify, useRecordContext } from 'react-admin'
import { DESCRIPTION_MAX, ISSUE_LABELS, TITLE_MAX, type CmsPage } from '../../shared/cms.ts'

/** The form edits the override under the API's field names (so its field errors land on the
 * inputs); the page's current values move to `current`. */
type FormValues = Omit<CmsPage, 'title' | 'description' | 'canonical'> & {
  current: Pick<CmsPage, 'title' | 'description' | 'canonical'>
  title: string | null
  description: string | null
  noindex: boolean | null
  canonical: string | null
}
type Saved = CmsPage & { applied?: { written: string[]; ms: number } }

function Facts() {
  const record = useRecordContext<FormValues>()
  if (!record) return null
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2">
        <a href={record.url} target="_blank" rel="noreferrer">
          {record.url}
        </a>
      </Typography>
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', my: 1 }}>
        <Labeled label="Family">
          <TextField source="family" />
        </Labeled>
        <Labeled label="Source">
          <span>{record.source === 'database' ? 'Database' : `${record.sourceFiles.join(', ')} (${record.record})`}</span>
        </Labeled>
        <Labeled label="Words">
          <NumberField source="words" />
        </Labeled>
        <Labeled label="Links in / out">
          <span>
            {record.linksIn} / {record.linksOut}
          </span>
        </Labeled>
        <Labeled label="Indexable">
          <BooleanField source="indexable" />
        </Labeled>
        <Labeled label="Last modified">
          <TextField source="lastModified" />
        </Labeled>
      </Box>
      <Labeled label="Title now">
        <TextField source="current.title" />
      </Labeled>
      <Labeled label="Description now">
        <TextField source="current.description" />
      </Labeled>
      <Labeled label="Canonical now">
        <TextField source="current.canonical" />
      </Labeled>
      {record.issues.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }} useFlexGap flexWrap="wrap">
          {record.issues.map((issue) => (
            <Chip key={issue} size="small" color="warning" label={ISSUE_LABELS[issue]} />
          ))}
          {record.brokenLinks.length > 0 && <Typography variant="body2">Broken: {record.brokenLinks.join(', ')}</Typography>}
        </Stack>
      )}
    </Box>
  )
}

const toForm = (record: CmsPage): FormValues => ({
  ...record,
  current: { title: record.title, description: record.description, canonical: record.canonical },
  title: record.override?.title ?? null,
  description: record.override?.description ?? null,
  noindex: record.override?.noindex ?? null,
  canonical: record.override?.canonical ?? null,
})

export function CmsEdit() {
  const notify = useNotify()
  return (
    <Edit<FormValues>
      mutationMode="pessimistic"
      queryOptions={{ select: (record) => toForm(record as CmsPage) }}
      transform={(data) => ({ title: data.title ?? '', description: data.description ?? '', noindex: data.noindex ?? null, canonical: data.canonical ?? '' })}
      mutationOptions={{
        onSuccess: (saved) => {
          const applied = (saved as Saved).applied
          notify(
            applied?.written.length
              ? `Saved and live: ${applied.written.join(', ')} rewritten in ${applied.ms} ms.`
              : 'Saved; the live page already showed these values.',
            { type: 'success' },
          )
        },
      }}
    >
      <SimpleForm>
        <Facts />
        <Alert severity="info" sx={{ mb: 2 }}>
          Overrides replace the page’s own head values on the live site at once, and every full build keeps them. Leave a field empty to keep the page’s own
          value.
        </Alert>
        <TextInput source="title" label="Title override" helperText={`10 to ${TITLE_MAX} characters, unique across the site`} fullWidth />
        <TextInput source="description" label="Description override" helperText={`50 to ${DESCRIPTION_MAX} characters`} multiline fullWidth />
        <NullableBooleanInput source="noindex" label="Noindex" nullLabel="Page’s own setting" trueLabel="Noindex (hide from search)" falseLabel="Index" />
        <TextInput source="canonical" label="Canonical override" helperText="A page of this site (/services/seo) or a full URL" fullWidth />
      </SimpleForm>
    </Edit>
  )
}
