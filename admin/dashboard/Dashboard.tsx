// The overview (/admin, /admin/dashboard, /admin/overview): every figure comes aggregated from
// GET /api/admin/dashboard in one request; nothing here fetches a list to count it.
import { lazy, Suspense, type ReactNode } from 'react'
import { Title, useGetIdentity } from 'react-admin'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { Link } from 'react-router-dom'
import { stageLabel, usd } from '../choices.ts'
import { errorMessage, useAdminDataProvider, useCan } from '../common/hooks.ts'
import { DemoDataCard } from './DemoDataCard.tsx'
import { NewNotFoundCard } from './NewNotFoundCard.tsx'

const LeadsChart = lazy(() => import('./LeadsChart.tsx'))
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 })

/** A row of the overview's lists: a list item holding the link (a list may hold list items only),
 * or the plain item when the role may not open the record. */
function LinkItem({ to, children }: { to?: string; children: ReactNode }) {
  if (!to) return <ListItem>{children}</ListItem>
  return (
    <ListItem disablePadding>
      <ListItemButton component={Link} to={to} dense>
        {children}
      </ListItemButton>
    </ListItem>
  )
}

function Kpi({ label, value, to }: { label: string; value: string | number; to?: string }) {
  return (
    <Card sx={{ height: '100%' }} component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p">
          {to ? <Link to={to}>{value}</Link> : value}
        </Typography>
      </CardContent>
    </Card>
  )
}

export function Dashboard() {
  const dataProvider = useAdminDataProvider()
  const { identity } = useGetIdentity()
  const { can } = useCan()
  const { data, error, isPending } = useQuery({ queryKey: ['admin', 'dashboard'], queryFn: () => dataProvider.dashboard() })
  if (isPending) return <Title title="Overview" />
  if (error || !data)
    return (
      <Alert severity="error" role="alert">
        {errorMessage(error, 'The overview could not be loaded.')}
      </Alert>
    )
  const pipelineTotal = data.pipelineByStage.filter((s) => s.stage !== 'lost' && s.stage !== 'won').reduce((sum, s) => sum + s.amount, 0)
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Overview" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Overview{identity ? ` · ${identity.fullName}` : ''}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={12} sx={{ '&:empty': { display: 'none' } }}>
          <DemoDataCard />
        </Grid>
        <Grid size={{ xs: 6, md: 2.4 }}>
          <Kpi label="New leads today" value={data.leads.today} to={can('leads', 'list') ? '/leads' : undefined} />
        </Grid>
        <Grid size={{ xs: 6, md: 2.4 }}>
          <Kpi label="Last 7 days" value={data.leads.days7} />
        </Grid>
        <Grid size={{ xs: 6, md: 2.4 }}>
          <Kpi label="Last 30 days" value={data.leads.days30} />
        </Grid>
        <Grid size={{ xs: 6, md: 2.4 }}>
          <Kpi label="Open pipeline" value={usd.format(pipelineTotal)} to={can('deals', 'list') ? '/deals' : undefined} />
        </Grid>
        <Grid size={{ xs: 12, md: 2.4 }}>
          <Kpi label="My tasks due" value={data.tasksDue} to={can('activities', 'list') ? '/activities/my-tasks' : undefined} />
        </Grid>

        <Grid size={{ xs: 12, md: 8 }}>
          <Card component="section" aria-label="Leads over time">
            <CardHeader title="Leads over the last 30 days" />
            <CardContent sx={{ height: 280 }}>
              <Suspense fallback={<Typography>Loading chart…</Typography>}>
                <LeadsChart points={data.leadsOverTime} />
              </Suspense>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card component="section" aria-label="Pipeline by stage" sx={{ height: '100%' }}>
            <CardHeader title="Pipeline by stage" />
            <Table size="small">
              <TableBody>
                {data.pipelineByStage.map((s) => (
                  <TableRow key={s.stage}>
                    <TableCell>{stageLabel(s.stage)}</TableCell>
                    <TableCell align="right">{s.count}</TableCell>
                    <TableCell align="right">{usd.format(s.amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        </Grid>

        <Grid size={{ xs: 12, md: 6 }}>
          <Card component="section" aria-label="Conversion by source">
            <CardHeader title="Conversion rate by source" />
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Source</TableCell>
                  <TableCell align="right">Leads</TableCell>
                  <TableCell align="right">Converted</TableCell>
                  <TableCell align="right">Rate</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.conversionBySource.map((s) => (
                  <TableRow key={s.source}>
                    <TableCell>{s.source || '(none)'}</TableCell>
                    <TableCell align="right">{s.leads}</TableCell>
                    <TableCell align="right">{s.converted}</TableCell>
                    <TableCell align="right">{percent.format(s.rate)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card component="section" aria-label="Recent leads">
            <CardHeader title="Recent leads" />
            <List dense>
              {data.recentLeads.map((lead) => (
                <LinkItem key={String(lead.id)} to={can('leads', 'show') ? `/leads/${lead.id}/show` : undefined}>
                  <ListItemText
                    primary={String(lead.name || lead.email)}
                    secondary={`${lead.source || 'Website'} · ${new Date(String(lead.created_at)).toLocaleString()}`}
                  />
                  <Chip size="small" label={String(lead.status)} />
                </LinkItem>
              ))}
              {!data.recentLeads.length && <ListItem>No leads yet.</ListItem>}
            </List>
          </Card>
          <Card component="section" aria-label="My tasks" sx={{ mt: 2 }}>
            <CardHeader title="My tasks" />
            <List dense>
              {data.myTasks.map((task) => (
                <LinkItem key={String(task.id)} to={`/activities/${task.id}/show`}>
                  <ListItemText
                    primary={String(task.subject)}
                    secondary={task.due_at ? `Due ${new Date(String(task.due_at)).toLocaleString()}` : 'No due date'}
                  />
                </LinkItem>
              ))}
              {!data.myTasks.length && <ListItem>Nothing due.</ListItem>}
            </List>
          </Card>
        </Grid>
        <Grid size={12} sx={{ '&:empty': { display: 'none' } }}>
          <NewNotFoundCard rows={data.newNotFound} />
        </Grid>
      </Grid>
    </Box>
  )
}
