import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import type { UserConfig } from 'vite'

export default {
  plugins: [vike(), react(), tailwindcss()],
  // `npm run dev` renders pages on demand; the API comes from `npm start` on API_PORT.
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
  build: { target: 'es2022', outDir: process.env.BUILD_OUT_DIR || 'dist' },
} satisfies UserConfig
