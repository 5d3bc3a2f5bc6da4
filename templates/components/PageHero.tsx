import type { ReactNode } from 'react'

export function PageHero({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="mx-auto max-w-7xl px-4 pb-10 pt-8 sm:px-6 lg:pt-12">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{eyebrow}</p>}
      <h1 className="mt-2 max-w-4xl text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{title}</h1>
      <p className="mt-5 max-w-3xl text-lg leading-8 text-slate-700">{lead}</p>
      {children}
    </section>
  )
}
