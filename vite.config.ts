import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import type { Plugin, UserConfig } from 'vite'

// The pages' browser bundle (the islands, pages/client.ts) runs on Preact through preact/compat:
// 18 KB gzip instead of React's 72 KB before any island code (docs/decisions/163-lighter-pages.md).
// Only the client build of this config: the pre-render stays React (vike-react, Island.tsx), so
// does the dev server (React's dev build warns about hydration mismatches there), and the admin
// has its own config (admin/vite.config.ts) with real React.
const preactAliases: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}

export const preactInBrowser: Plugin = {
  name: 'proofline:preact-in-browser',
  enforce: 'pre',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  resolveId(source, importer, options) {
    const target = preactAliases[source]
    return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null
  },
}

export default {
  plugins: [preactInBrowser, vike(), react(), tailwindcss()],
  // `npm run dev` renders pages on demand; the API comes from `npm start` on API_PORT.
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
  build: { target: 'es2022', outDir: process.env.BUILD_OUT_DIR || 'dist' },
} satisfies UserConfig
