// Client quotes with photo, result and role; shared by the home, about and case study pages. A
// photo that fails to load falls back to the drawn placeholder avatar.
import type { Testimonial } from '../../data/schema.ts'
import { PLACEHOLDER_AVATAR } from './imagePaths.ts'
import { Img } from './Img.tsx'

export function TestimonialGrid({ testimonials, heading = 'What clients say' }: { testimonials: Testimonial[]; heading?: string }) {
  if (testimonials.length === 0) return null
  return (
    <section aria-labelledby="testimonials-heading" className="mt-16">
      <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight text-ink">
        {heading}
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="self-start rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">{t.metric}</p>
            <h3 className="mt-4 text-lg font-bold text-ink">{t.title}</h3>
            <blockquote className="mt-3 flex-1 text-sm leading-6 text-slate-700">
              <p>{t.description}</p>
            </blockquote>
            <div className="mt-5 flex items-center gap-3">
              <Img
                src={t.photo}
                alt={`Photo of ${t.clientName}`}
                width={48}
                height={48}
                boxClassName="h-12 w-12 shrink-0 rounded-full"
                className="h-12 w-12 object-cover"
                fallbackSrc={PLACEHOLDER_AVATAR}
              />
              <p className="text-sm">
                <span className="block font-semibold text-ink">{t.clientName}</span>
                <span className="block text-slate-700">
                  {t.role} · {t.state}
                </span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
