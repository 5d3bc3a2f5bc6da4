// The chat window, loaded on first open by ChatLauncher. It answers from the site's own pages and
// the questions they answer, ranked by the local index in /chatbot-index.json (no outside
// service), links each answer to its page, offers the quote form and the phone number, and can
// send the visitor's email to /api/leads as a lead with source 'Chatbot'. Questions it cannot
// answer, or answers with low confidence, are logged (question, page, time) for the content team.
// A non-modal dialog: the conversation is a polite live log; Escape closes it and the launcher
// gets focus back.
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { ChatLauncherProps } from '../islands/ChatLauncher.tsx'
import { ChatLeadForm } from './ChatLeadForm.tsx'
import { loadChatIndex } from './loadChatIndex.ts'
import { answerQuestion } from '../../shared/chatSearchIndex.ts'
import { logQuestion } from './logQuestion.ts'
import { useIslandId } from '../islands/islandIds.ts'

type Link = { label: string; href: string }
type Message = { from: 'bot' | 'user'; text: string; links?: Link[] }

const SUGGESTIONS = ['How much do your services cost?', 'How long does SEO take?', 'Which CRMs do you work with?']

export default function ChatPanel({
  id,
  open,
  onClose,
  brand,
  phone,
  phoneE164,
  quoteHref,
}: ChatLauncherProps & { id: string; open: boolean; onClose: () => void }) {
  const titleId = useIslandId('chat-title')
  const inputId = useIslandId('chat-question')
  const input = useRef<HTMLInputElement>(null)
  const log = useRef<HTMLDivElement>(null)
  const [question, setQuestion] = useState('')
  const [busy, setBusy] = useState(false)
  const [messages, setMessages] = useState<Message[]>([
    {
      from: 'bot',
      text: `Hi! I'm the ${brand} assistant. Ask me about our services, pricing, timelines or tracking, and I'll answer from our site's pages.`,
    },
  ])
  const quoteLink = { label: 'Get a free quote', href: quoteHref }
  const callLink = { label: `Call ${phone}`, href: `tel:${phoneE164}` }

  // A layout effect, so what the visitor types right after opening lands in the field.
  useLayoutEffect(() => {
    if (open) input.current?.focus()
  }, [open])

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight })
  }, [messages])

  // Start fetching the index as soon as the window exists, before the first question.
  useEffect(() => {
    loadChatIndex().catch(() => {})
  }, [])

  async function ask(text: string) {
    const q = text.trim()
    if (!q || busy) return
    setQuestion('')
    setMessages((m) => [...m, { from: 'user', text: q }])
    setBusy(true)
    let reply: Message
    try {
      const { hits, confidence } = answerQuestion(await loadChatIndex(), q)
      if (confidence !== 'answered')
        logQuestion({ question: q, page: window.location.pathname, confidence, topUrl: hits[0]?.doc.url ?? null, score: hits[0]?.score ?? null })
      if (hits.length) {
        const [best, ...related] = hits
        const links = [{ label: `Read more: ${best.doc.title}`, href: best.doc.url }, ...related.map((hit) => ({ label: hit.doc.title, href: hit.doc.url }))]
        // A weak match is offered as a lead, not as the answer, with a human next to it.
        reply =
          confidence === 'low'
            ? { from: 'bot', text: `I'm not sure this answers it, but it is the closest I found: ${best.doc.answer}`, links: [...links, quoteLink] }
            : { from: 'bot', text: best.doc.answer, links }
      } else {
        reply = {
          from: 'bot',
          text: "I couldn't find that on our site. A strategist can answer it directly: request a free quote or give us a call.",
          links: [quoteLink, callLink],
        }
      }
    } catch {
      reply = { from: 'bot', text: "Sorry, I can't reach my answers right now. Please request a free quote or call us.", links: [quoteLink, callLink] }
    }
    setMessages((m) => [...m, reply])
    setBusy(false)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    void ask(question)
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
    }
  }

  const asked = messages.filter((m) => m.from === 'user').map((m) => m.text)
  const linkClass =
    'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

  return (
    // The dialog handles Escape and Tab for keyboard users.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onKeyDown}
      className="fixed right-4 bottom-36 z-40 flex max-h-[min(36rem,calc(100dvh-10rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-200 md:bottom-24"
    >
      <div className="flex items-center justify-between gap-2 bg-ink px-4 py-3 text-white">
        <h2 id={titleId} className="text-base font-semibold">
          Ask {brand}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          className="rounded-md p-1.5 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>

      <div ref={log} role="log" aria-live="polite" aria-label="Conversation" className="flex-1 space-y-3 overflow-y-auto px-4 py-3 text-sm leading-6">
        {messages.map((message, i) => (
          <div
            key={i}
            className={
              message.from === 'user' ? 'ml-8 rounded-lg bg-brand-50 px-3 py-2 text-slate-900' : 'mr-4 rounded-lg bg-slate-100 px-3 py-2 text-slate-800'
            }
          >
            <p>
              <span className="sr-only">{message.from === 'user' ? 'You: ' : `${brand}: `}</span>
              {message.text}
            </p>
            {message.links && (
              <ul className="mt-2 space-y-1">
                {message.links.map((link) => (
                  <li key={link.href + link.label}>
                    <a href={link.href} className={linkClass}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
        {busy && <p className="text-slate-600">Looking that up…</p>}
      </div>

      {asked.length === 0 && (
        <div className="flex flex-wrap gap-2 px-4 pb-2">
          {SUGGESTIONS.map((s) => (
            <button
              key={s}
              type="button"
              onClick={() => void ask(s)}
              className="rounded-full border border-slate-300 px-3 py-1 text-xs font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {s}
            </button>
          ))}
        </div>
      )}

      <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 px-4 py-3">
        <label htmlFor={inputId} className="sr-only">
          Your question
        </label>
        <input
          ref={input}
          id={inputId}
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={300}
          placeholder="Type your question"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          className="min-w-0 flex-1 rounded-md border border-slate-500 px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
        />
        <button
          type="submit"
          disabled={busy || !question.trim()}
          className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          Ask
        </button>
      </form>

      <div className="flex gap-2 border-t border-slate-200 px-4 py-2 text-sm">
        <a href={quoteHref} className={`${linkClass} flex-1`}>
          {quoteLink.label}
        </a>
        <a href={callLink.href} className={linkClass}>
          {callLink.label}
        </a>
      </div>

      <ChatLeadForm
        asked={asked}
        onSent={(email) => setMessages((m) => [...m, { from: 'bot', text: `Thanks! A strategist will email ${email} within 24 hours.` }])}
      />
    </section>
  )
}
