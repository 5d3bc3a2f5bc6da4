// Compose a campaign: Markdown (or a digest of recent blog posts), the list and segment (tag,
// signup source, engaged in the last N days) with the live recipient count, and tracking.
import { useEffect, useState } from 'react'
import { BooleanInput, Create, Edit, NumberInput, ReferenceInput, SelectInput, SimpleForm, TextInput, required, type RaRecord } from 'react-admin'
import { useFormContext, useWatch } from 'react-hook-form'
import { Alert, Box, Button, Typography } from '@mui/material'
import { errorMessage } from '../common/hooks.ts'
import { audienceCount, recentPosts } from './api.ts'

function RecentPostsButton() {
  const { setValue, getValues } = useFormContext()
  const [message, setMessage] = useState('')
  const insert = async () => {
    try {
      const { markdown, posts } = await recentPosts(3)
      const current = String(getValues('body_markdown') ?? '')
      setValue('body_markdown', current.trim() ? `${current.trim()}\n\n${markdown}` : markdown, { shouldDirty: true })
      setMessage(`Added ${posts.length} recent posts: ${posts.map((p) => p.title).join('; ')}.`)
    } catch (error) {
      setMessage(errorMessage(error, 'The recent posts could not be loaded.'))
    }
  }
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 1 }}>
      <Button variant="outlined" size="small" onClick={insert}>
        Build from the 3 latest blog posts
      </Button>
      <Typography role="status" variant="body2">
        {message}
      </Typography>
    </Box>
  )
}

function Audience() {
  const listId = useWatch({ name: 'list_id' }) as number | null | undefined
  const tag = useWatch({ name: 'segment.tag' }) as string | undefined
  const source = useWatch({ name: 'segment.source' }) as string | undefined
  const engagedDays = useWatch({ name: 'segment.engagedDays' }) as number | undefined
  const [count, setCount] = useState<string>('')
  useEffect(() => {
    const timer = setTimeout(() => {
      const segment = cleanSegment({ tag, source, engagedDays })
      audienceCount(listId ?? null, segment).then(
        (r) => setCount(`${r.recipients} confirmed subscriber${r.recipients === 1 ? '' : 's'} match this audience.`),
        (e) => setCount(errorMessage(e, 'The audience could not be counted.')),
      )
    }, 300)
    return () => clearTimeout(timer)
  }, [listId, tag, source, engagedDays])
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {count || 'Counting recipients…'}
    </Alert>
  )
}

const cleanSegment = (s: { tag?: string; source?: string; engagedDays?: number | null } | null | undefined) => {
  if (!s) return null
  const out: Record<string, unknown> = {}
  if (s.tag?.trim()) out.tag = s.tag.trim().toLowerCase()
  if (s.source?.trim()) out.source = s.source.trim()
  if (s.engagedDays) out.engagedDays = Number(s.engagedDays)
  return Object.keys(out).length ? out : null
}

const transform = (d: RaRecord) => ({
  name: d.name,
  ...(d.slug ? { slug: d.slug } : {}),
  subject: d.subject,
  preheader: d.preheader ?? '',
  body_markdown: d.body_markdown,
  list_id: d.list_id ?? null,
  segment: cleanSegment(d.segment),
  track: d.track ?? true,
})

function Fields({ edit }: { edit?: boolean }) {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput
        source="slug"
        helperText={edit ? 'utm_campaign of every link' : 'Optional: made from the name. It is the utm_campaign of every link.'}
        fullWidth
      />
      <TextInput source="subject" validate={required()} fullWidth />
      <TextInput source="preheader" helperText="The preview line inbox lists show after the subject" fullWidth />
      <RecentPostsButton />
      <TextInput
        source="body_markdown"
        label="Email (Markdown)"
        validate={required()}
        multiline
        minRows={12}
        fullWidth
        helperText="Headings with #, links with [text](/path). Links are tracked and tagged utm_medium=email."
      />
      <ReferenceInput source="list_id" reference="newsletter-lists">
        <SelectInput optionText="name" label="List" emptyText="Every confirmed subscriber" />
      </ReferenceInput>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput source="segment.tag" label="Segment: tag" />
        <TextInput source="segment.source" label="Segment: signup source" />
        <NumberInput source="segment.engagedDays" label="Segment: engaged in the last N days" min={1} />
      </Box>
      <Audience />
      <BooleanInput source="track" label="Track opens and clicks per subscriber (off: aggregate counts only)" />
    </>
  )
}

export const CampaignCreate = () => (
  <Create redirect="show" transform={transform} title="New campaign">
    <SimpleForm defaultValues={{ track: true }}>
      <Fields />
    </SimpleForm>
  </Create>
)

export const CampaignEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" transform={transform}>
    <SimpleForm>
      <Fields edit />
    </SimpleForm>
  </Edit>
)
