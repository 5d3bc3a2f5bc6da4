// Long-form blocks shared by the templates: sections of paragraphs and bullets.
import type { ReactNode } from 'react'
import type { Section } from '../types.ts'

export function Sections({ sections }: { sections: Section[] }) {
  return (
    <>
      {sections.map((section) => (
        <TextBlock key={section.heading} heading={section.heading} paragraphs={section.paragraphs} bullets={section.bullets} />
      ))}
    </>
  )
}

export function TextBlock({
  heading,
  paragraphs = [],
  bullets = [],
  children,
}: {
  heading: string
  paragraphs?: string[]
  bullets?: string[]
  children?: ReactNode
}) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-bold tracking-tight text-ink">{heading}</h2>
      {paragraphs.map((text) => (
        <p key={text} className="mt-4 leading-7 text-slate-700">
          {text}
        </p>
      ))}
      {bullets.length > 0 && (
        <ul className="mt-4 space-y-2">
          {bullets.map((item) => (
            <li key={item} className="flex gap-3 leading-7 text-slate-700">
              <span aria-hidden="true" className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-600" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  )
}
