// The chatbot's launcher button, on every page when features.chatbot is on. Only this button is
// hydrated with the page; the chat itself (client/ui/chatbot/ChatPanel.tsx) and its
// search index are loaded on the first open, or a moment earlier when the pointer or keyboard
// focus reaches the button. Closing keeps the conversation and returns focus here.
import { lazy, Suspense, useRef, useState } from 'react'
import { useIslandId } from './islandIds.ts'

export type ChatLauncherProps = { brand: string; phone: string; phoneE164: string; quoteHref: string }

const loadPanel = () => import('../chatbot/ChatPanel.tsx')
const ChatPanel = lazy(loadPanel)

const prefetch = () => {
  loadPanel().catch((error: unknown) => console.debug('The chat could not be loaded:', error))
}

export function ChatLauncher(props: ChatLauncherProps) {
  const panelId = useIslandId('chat')
  const button = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)

  function close() {
    setOpen(false)
    button.current?.focus()
  }

  function toggle() {
    if (open) return close()
    setLoaded(true)
    setOpen(true)
  }

  return (
    <>
      {loaded && (
        <Suspense
          fallback={
            <p
              role="status"
              className="fixed right-4 bottom-36 z-40 rounded-lg bg-white px-4 py-3 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200 md:bottom-24"
            >
              Loading chat…
            </p>
          }
        >
          <ChatPanel id={panelId} open={open} onClose={close} {...props} />
        </Suspense>
      )}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={loaded ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={toggle}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        className="fixed right-4 bottom-20 z-40 flex h-12 items-center gap-2 rounded-full bg-brand-600 px-4 font-semibold text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:bottom-6"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.4A8 8 0 1 1 21 12z" />}
        </svg>
        <span className="sr-only sm:not-sr-only">Chat with us</span>
      </button>
    </>
  )
}
export default ChatLauncher
