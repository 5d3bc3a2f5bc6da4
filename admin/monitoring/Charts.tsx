// The monitoring charts, loaded on demand (recharts stays out of the admin's first download).
// Every chart sits beside a table with the same numbers.
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

export function CountBars({
  data,
  x,
  y,
  name,
  color = '#b91c1c',
}: {
  data: Array<Record<string, unknown>>
  x: string
  y: string
  name: string
  color?: string
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={x} tickFormatter={(d: string) => String(d).slice(5)} minTickGap={16} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey={y} name={name} fill={color} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}

/** Uptime bars: one bar per bucket, height = uptime %, red below 99 %, grey without data. Not
 * focusable (`accessibilityLayer={false}`): it is drawn in an aria-hidden box beside a table
 * of the same numbers (decision 212). */

export function UptimeBars({ data }: { data: Array<{ label: string; uptime: number | null }> }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data.map((d) => ({ ...d, value: d.uptime ?? 100 }))}
        margin={{ top: 4, right: 4, bottom: 0, left: 4 }}
        barCategoryGap={1}
        accessibilityLayer={false}
      >
        <XAxis dataKey="label" hide />
        <YAxis domain={[0, 100]} hide />
        <Tooltip formatter={(_v, _n, item) => [item.payload.uptime == null ? 'no data' : `${item.payload.uptime.toFixed(2)} %`, 'Uptime']} />
        <Bar dataKey="value" isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.label} fill={d.uptime == null ? '#cbd5e1' : d.uptime >= 99.9 ? '#15803d' : d.uptime >= 99 ? '#ca8a04' : '#b91c1c'} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  )
}

export function ResponseTimeLine({ data }: { data: Array<{ label: string; avgMs: number | null; maxMs: number | null }> }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" minTickGap={24} />
        <YAxis unit=" ms" />
        <Tooltip />
        <Line type="monotone" dataKey="avgMs" name="Average (ms)" stroke="#1d4ed8" dot={false} isAnimationActive={false} connectNulls />
        <Line type="monotone" dataKey="maxMs" name="Slowest (ms)" stroke="#9333ea" dot={false} isAnimationActive={false} connectNulls strokeDasharray="4 2" />
      </LineChart>
    </ResponsiveContainer>
  )
}

export function MultiLine({
  data,
  x,
  series,
}: {
  data: Array<Record<string, unknown>>
  x: string
  series: Array<{ key: string; name: string; color: string }>
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={x} minTickGap={24} />
        <YAxis />
        <Tooltip />
        {series.map((s) => (
          <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={s.color} dot={false} isAnimationActive={false} connectNulls />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}
