// Charts of the analytics screens (recharts, loaded on demand so the admin's first download stays
// small). Each chart is drawn beside or above a table with the same numbers.
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

const COLORS = ['#c2410c', '#1d4ed8', '#15803d', '#7c3aed', '#be123c', '#0f766e', '#a16207']

/** A figure's trend line. Not focusable (`accessibilityLayer={false}`): it is drawn in an aria-hidden box beside a table
 * of the same numbers (decision 212). */
export function Sparkline({ points, dataKey }: { points: Record<string, number | string>[]; dataKey: string }) {
  return (
    <ResponsiveContainer width="100%" height={40}>
      <LineChart data={points} margin={{ top: 4, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <Line type="monotone" dataKey={dataKey} stroke="#c2410c" dot={false} strokeWidth={2} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  )
}

export function TimeChart({
  points,
  keys,
  stacked = false,
}: {
  points: Record<string, number | string>[]
  keys: { key: string; label: string }[]
  stacked?: boolean
}) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="bucket" minTickGap={24} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend itemSorter={null} />
        {keys.map((k, i) => (
          <Area
            key={k.key}
            type="monotone"
            dataKey={k.key}
            name={k.label}
            stackId={stacked ? 'a' : undefined}
            stroke={COLORS[i % COLORS.length]}
            fill={COLORS[i % COLORS.length]}
            fillOpacity={0.25}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  )
}

export function BarsChart({ rows, keys, category }: { rows: object[]; keys: { key: string; label: string }[]; category: string }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, rows.length * 28 + 40)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 24 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} />
        {/* interval 0: every row keeps its label (recharts hides every other one when they are close). */}
        <YAxis type="category" dataKey={category} width={140} interval={0} tick={{ fontSize: 12 }} />
        <Tooltip />
        {/* Series in the order given (recharts 3 sorts the legend by name: "100 %" before "25 %"). */}
        <Legend itemSorter={null} />
        {keys.map((k, i) => (
          <Bar key={k.key} dataKey={k.key} name={k.label} fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
