import type { Link } from '../types.ts'

export function LinkList({ heading, links, columns = 2 }: { heading: string; links: Link[]; columns?: 1 | 2 | 3 }) {
  if (links.length === 0) return null
  const grid = columns === 3 ? 'sm:grid-cols-2 lg:grid-cols-3' : columns === 2 ? 'sm:grid-cols-2' : ''
  return (
    <section className="mt-10">
      <h2 className="text-lg font-bold text-ink">{heading}</h2>
      <ul className={`mt-3 grid gap-2 ${grid}`}>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="text-brand-600 underline-offset-4 hover:underline">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
