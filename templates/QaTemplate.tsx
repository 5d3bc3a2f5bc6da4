// /faq/{slug}: one in-depth question and its answer, with author, dates and related questions.
import { LinkList } from './components/LinkList.tsx'
import { formatDate } from './BlogPostTemplate.tsx'
import type { QaEntry } from '../data/schema.ts'
import type { Link } from './types.ts'

export type QaProps = { qa: QaEntry; upvotes: number; more: Link[] }

export function QaTemplate({ qa, upvotes, more }: QaProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6 lg:pt-12">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{qa.category}</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{qa.question}</h1>
        <p className="mt-4 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
          <span>Answered by {qa.author}</span>
          <span aria-hidden="true">·</span>
          <span>
            Published <time dateTime={qa.datePublished}>{formatDate(qa.datePublished)}</time>
          </span>
          {qa.dateModified !== qa.datePublished && (
            <>
              <span aria-hidden="true">·</span>
              <span>
                Updated <time dateTime={qa.dateModified}>{formatDate(qa.dateModified)}</time>
              </span>
            </>
          )}
        </p>
      </header>
      <section id="answer" aria-labelledby="answer-heading" className="mt-8 rounded-xl border border-slate-200 p-6 sm:p-8">
        <h2 id="answer-heading" className="text-xl font-bold text-ink">
          Answer
        </h2>
        {qa.answer.map((paragraph) => (
          <p key={paragraph} className="mt-4 leading-7 text-slate-800">
            {paragraph}
          </p>
        ))}
        <p className="mt-6 text-sm font-medium text-slate-700">
          {upvotes} {upvotes === 1 ? 'person' : 'people'} found this helpful
        </p>
      </section>
      <section aria-labelledby="keywords-heading" className="mt-8">
        <h2 id="keywords-heading" className="text-lg font-bold text-ink">
          Topics
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          <li className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">{qa.category}</li>
          {qa.keywords.map((k) => (
            <li key={k} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-800">
              {k}
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-10 rounded-xl bg-slate-50 p-6">
        <h2 className="text-xl font-bold text-ink">Have a question of your own?</h2>
        <p className="mt-2 leading-7 text-slate-700">Ask a strategist. We answer every message within one business day.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a
            href="/contact"
            className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Ask a question
          </a>
          <a
            href="/faq"
            className="rounded-md border border-slate-300 px-5 py-3 font-semibold text-ink hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            All FAQs
          </a>
        </div>
      </div>
      <nav aria-label="More questions">
        <LinkList heading="More questions" links={more} columns={1} />
      </nav>
    </article>
  )
}
