// Loaded on demand: signups by source (stacked bars) and net growth (line) per day.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { Growth } from './api.ts'

const COLORS = ['#1d4ed8', '#c2410c', '#047857', '#7c3aed', '#be123c', '#0f766e', '#a16207']

/** Signups and net growth per day. Not focusable (`accessibilityLayer={false}`): it is drawn in an aria-hidden box beside a table
 * of the same numbers (decision 212). */
export default function GrowthChart({ data }: { data: Growth }) {
  const points = data.days.map((d) => ({ date: d.date, net: d.net, ...Object.fromEntries(data.sources.map((s) => [s, d.signups[s] ?? 0])) }))
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} minTickGap={16} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {data.sources.map((s, i) => (
          <Bar key={s} dataKey={s} name={`Signups: ${s}`} stackId="signups" fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
        ))}
        <Line type="monotone" dataKey="net" name="Net growth" stroke="#0f172a" strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  )
}
