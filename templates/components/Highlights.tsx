export function Highlights({ items }: { items: { value: string; label: string }[] }) {
  if (items.length === 0) return null
  return (
    <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border border-slate-200 bg-slate-50 p-5">
          <dt className="text-sm text-slate-600">{item.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-ink">{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}
