// The staff admin (react-admin) as its own single-page app under /admin, built after the
// pre-rendered site into dist/client/admin (see scripts/build/admin.ts, docs/decisions/050).
import path from 'node:path'
import react from '@vitejs/plugin-react'
import type { Plugin, UserConfig } from 'vite'

const root = import.meta.dirname
const outBase = process.env.BUILD_OUT_DIR ? path.resolve(process.env.BUILD_OUT_DIR) : path.resolve(root, '..', 'dist')

/** react-admin's DataTable row checkbox, with its name on the <input> (common/SelectRowCheckbox.tsx,
 * docs/decisions/212-admin-menu-sections.md): the one module of react-admin this build replaces. */
const rowCheckboxWithName: Plugin = {
  name: 'proofline-row-checkbox-name',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './SelectRowCheckbox.js' && importer && /ra-ui-materialui[\\/]dist[\\/]list[\\/]datatable[\\/]/.test(importer)) {
      return path.join(root, 'common', 'SelectRowCheckbox.tsx')
    }
    return null
  },
}

export default {
  root,
  base: '/admin/',
  plugins: [rowCheckboxWithName, react()],
  // `npm run dev:admin` talks to `npm start` on API_PORT for the API.
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
  build: {
    target: 'es2022',
    outDir: path.join(outBase, 'client', 'admin'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // Rolldown skips the modules of side-effect-free barrels (MUI's, date-fns' through ra-core)
    // whose exports nothing imports, instead of parsing them and tree-shaking them later: 2,362
    // modules instead of 2,945, same app (docs/decisions/207-admin-lazy-barrel.md).
    rolldownOptions: {
      experimental: { lazyBarrel: true },
      // The code every screen loads, in five chunks instead of one of 2 MB: the admin child's peak
      // RSS fell from ~406 to ~352 MB (Rolldown minifies chunks side by side, and one 4 MB chunk's
      // tree was the peak), and a deploy that changes only the admin's own code leaves the
      // libraries' chunks in the browser's cache (docs/decisions/217-admin-vendor-chunks.md).
      // Only modules every screen needs ($initial): the charts' libraries stay in their lazy chunks.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'] },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/, tags: ['$initial'] },
            { name: 'react-admin', test: /node_modules[\\/](ra-[a-z-]+|react-admin)[\\/]/, tags: ['$initial'] },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
} satisfies UserConfig
