// The Astro side of `npm run bench:build -- --vs-astro` (bench/build.ts copies this folder into
// a temp folder where Astro is installed). Static output, React rendered on the server only.
// PRODUCT_ROOT is the checkout whose templates and data layer are rendered.
import { defineConfig } from 'astro/config'
import react from '@astrojs/react'
import tailwindcss from '@tailwindcss/vite'
import process from 'node:process'
import { fileURLToPath, URL } from 'node:url'
import fs from 'node:fs'
import path from 'node:path'

const product = process.env.PRODUCT_ROOT
if (!product) throw new Error('PRODUCT_ROOT is not set (run through npm run bench:build -- --vs-astro)')
const pkg = JSON.parse(fs.readFileSync(path.join(product, 'package.json'), 'utf8'))
// The product's data layer imports its own dependencies (yaml, zod, marked...): bundle them from
// the product's node_modules. React stays external and single: the copy installed next to Astro.
const single = ['react', 'react-dom']
const bundled = Object.keys(pkg.dependencies).filter((d) => !single.includes(d))

export default defineConfig({
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  integrations: [react()],
  vite: {
    plugins: [tailwindcss()],
    resolve: {
      alias: [
        { find: '@product', replacement: product },
        { find: 'vike-react/useData', replacement: fileURLToPath(new URL('./src/lib/useData.ts', import.meta.url)) },
      ],
      dedupe: single,
    },
    ssr: { noExternal: bundled },
    logLevel: 'warn',
  },
})
