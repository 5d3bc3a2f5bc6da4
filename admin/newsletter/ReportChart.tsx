// Loaded on demand: the campaign funnel as bars (the table beside it has the same figures).
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { CampaignReport } from '../../shared/newsletter.ts'

/** A campaign's funnel. Not focusable (`accessibilityLayer={false}`): it is drawn in an aria-hidden box beside a table
 * of the same numbers (decision 212). */
export default function ReportChart({ report }: { report: CampaignReport }) {
  const data = [
    { name: 'Delivered', value: report.delivered },
    { name: 'Human opens', value: report.track ? report.uniqueOpensHuman : report.opensHuman },
    { name: 'Machine opens', value: report.opensMachine },
    { name: 'Clicks', value: report.track ? report.uniqueClicks : report.clicks },
    { name: 'Sessions', value: report.closedLoop.sessions },
    { name: 'Leads', value: report.closedLoop.leads },
  ]
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey="value" name="Count" fill="#1d4ed8" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}
