// Loaded on demand so the charting library is not in the admin's first download.
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

export default function LeadsChart({ points }: { points: { date: string; count: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} minTickGap={16} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Area type="monotone" dataKey="count" name="Leads" stroke="#c2410c" fill="#fdba74" isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  )
}
