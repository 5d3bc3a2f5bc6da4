import vikeReact from 'vike-react/config'
import type { Config } from 'vike/types'

// Pages are pre-rendered HTML; the browser gets no page components, only the interactive
// islands (client/islands) hydrated by pages/client.ts. A vike-react page with full
// hydration ships ~97 KB of JS gzip before any app code; islands keep landing pages far below
// the 100 KB budget. See docs/decisions/002-islands.md.
export default {
  extends: [vikeReact],
  // keepDistServer: the server's incremental publisher (server/posts/publisher.ts) pre-renders
  // changed pages with the same bundle after a publish.
  prerender: { partial: false, disableAutoRun: true, keepDistServer: true },
  onRenderClient: null,
  clientRouting: false,
  client: 'import:./client.ts:default',
  lang: 'en',
  meta: {
    Page: { env: { server: true, client: false } },
    Layout: { env: { server: true, client: false } },
    title: { env: { server: true, client: false } },
    description: { env: { server: true, client: false } },
  },
} as unknown as Config
