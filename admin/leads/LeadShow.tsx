// /admin/leads/:id/show: the whole submission (its form details readable, a job application's
// résumé as a download), its attribution grouped, the workflow (status buttons, owner, notes),
// Convert, the contact it became, and the audit log.
import { JourneyButton } from '../analytics/JourneyButton.tsx'
import type { ReactNode } from 'react'
import {
  DateField,
  EditButton,
  FunctionField,
  Labeled,
  ReferenceManyField,
  Show,
  TextField,
  TopToolbar,
  useRecordContext,
  DataTable,
  type Identifier,
} from 'react-admin'
import DownloadIcon from '@mui/icons-material/Download'
import { Box, Card, CardContent, CardHeader, Chip, Grid, Button as MuiButton, Link as MuiLink, Stack, Typography } from '@mui/material'
import { leadResumeUrl } from '../dataProvider.ts'
import { AuditLogPanel } from '../audit/AuditLogPanel.tsx'
import { OwnerField } from '../common/Owner.tsx'
import { useCan } from '../common/hooks.ts'
import { ConvertLeadButton } from './ConvertLeadButton.tsx'
import { fileSize, leadDetailItems, type DetailItem } from './leadDetails.ts'
import { LeadStatusButtons } from './LeadStatusButtons.tsx'
import { LeadStatusChip } from './LeadStatusChip.tsx'
import { ATTRIBUTION_SCREEN } from '../../shared/attribution.ts'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={title}>
      <CardHeader title={title} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent sx={{ display: 'grid', gap: 1.5, pt: 0 }}>{children}</CardContent>
    </Card>
  )
}

const Text = ({ source, label }: { source: string; label?: string }) => (
  <Labeled label={label}>
    <TextField source={source} emptyText="—" />
  </Labeled>
)

function DetailValue({ item, leadId }: { item: DetailItem; leadId: Identifier }) {
  switch (item.type) {
    case 'labels':
      return item.values.length ? (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {item.values.map((value, i) => (
            <Chip key={`${value}-${i}`} label={value} size="small" variant="outlined" />
          ))}
        </Stack>
      ) : (
        <>—</>
      )
    case 'link':
      return (
        <MuiLink href={item.href} target="_blank" rel="noopener noreferrer nofollow">
          {item.text}
        </MuiLink>
      )
    case 'resume':
      return (
        <MuiButton
          component="a"
          href={leadResumeUrl(leadId)}
          download
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          sx={{ textTransform: 'none' }}
        >
          Download {item.fileName}
          {item.size != null ? ` (${fileSize(item.size)})` : ''}
        </MuiButton>
      )
    default:
      return <>{item.value}</>
  }
}

/** The form's own fields: choices as labels, the résumé as a download, never raw JSON. */
function Details() {
  const record = useRecordContext()
  const items = leadDetailItems(record?.details)
  if (!record || !items.length) return null
  return (
    <Labeled label="Form details">
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, alignItems: 'baseline' }}>
        {items.map((item) => (
          <Box key={item.key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {item.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              <DetailValue item={item} leadId={record.id} />
            </Typography>
          </Box>
        ))}
      </Box>
    </Labeled>
  )
}

function LeadShowActions() {
  const { can } = useCan()
  return (
    <TopToolbar>
      <LeadStatusButtons />
      {can('leads', 'convert') && <ConvertLeadButton />}
      <JourneyButton />
      <EditButton label="Owner and notes" />
    </TopToolbar>
  )
}

function ConvertedContact() {
  const record = useRecordContext()
  const { can } = useCan()
  if (record?.status !== 'converted' || !can('contacts', 'list')) return null
  return (
    <Section title="Converted to">
      <ReferenceManyField reference="contacts" target="lead_id" label={false}>
        <DataTable bulkActionButtons={false} rowClick={(id) => `/contacts/${id}`}>
          <DataTable.Col source="first_name" />
          <DataTable.Col source="last_name" />
          <DataTable.Col source="created_at" label="Created" field={DateField} />
        </DataTable>
      </ReferenceManyField>
    </Section>
  )
}

export const LeadShow = () => (
  <Show actions={<LeadShowActions />}>
    <Grid container spacing={2} sx={{ p: 2 }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title="Submission">
          <Text source="kind" />
          <Text source="name" />
          <Text source="email" />
          <Text source="phone" />
          <Text source="company" />
          <Labeled label="Message">
            <TextField source="message" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
          </Labeled>
          <Details />
          <Labeled label="Received">
            <DateField source="created_at" showTime />
          </Labeled>
          <Labeled label="Updated">
            <DateField source="updated_at" showTime />
          </Labeled>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title="Workflow">
          <Labeled label="Status">
            <LeadStatusChip />
          </Labeled>
          <Labeled label="Owner">
            <OwnerField />
          </Labeled>
          <Labeled label="Notes">
            <TextField source="notes" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
          </Labeled>
          <Labeled label="Spam">
            <FunctionField render={(r) => (r.is_spam ? `Flagged (${r.spam_reason ?? 'no reason'})` : 'No')} />
          </Labeled>
        </Section>
      </Grid>
      {ATTRIBUTION_SCREEN.map((section) => (
        <Grid key={section.title} size={{ xs: 12, md: 4 }}>
          <Section title={section.title}>
            {section.fields.map((f) => (
              <Text key={f.column} source={f.column} label={f.label} />
            ))}
          </Section>
        </Grid>
      ))}
      <Grid size={12}>
        <ConvertedContact />
        <AuditLogPanel resource="leads" />
      </Grid>
    </Grid>
  </Show>
)
