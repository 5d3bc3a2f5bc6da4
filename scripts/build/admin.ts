// Builds the staff admin (admin/, react-admin) into <outDir>/admin. The build runs it in a child
// process during the vike pre-render, into a staging folder that it moves into dist/client/admin
// before precompression (docs/decisions/050 and 161). The child is plain Node running Vite
// (scripts/build/viteStep.mjs, through steps.ts): this module gives it its inline config.
import fs from 'node:fs'
import path from 'node:path'

export const adminConfigFile = path.resolve(import.meta.dirname, '..', '..', 'admin', 'vite.config.ts')

/** Vite's inline config for the admin build into <outDir>/admin (plain JSON: it goes to the child). */
export function adminViteConfig(outDir: string, { quiet = false } = {}) {
  return { configFile: adminConfigFile, logLevel: quiet ? 'error' : 'warn', build: { outDir: path.join(outDir, 'admin'), emptyOutDir: true } }
}

/** Bytes of JS the admin build wrote into <outDir>/admin/assets. */
export function adminJsBytes(outDir: string): number {
  const assets = path.join(outDir, 'admin', 'assets')
  return fs.existsSync(assets)
    ? fs
        .readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .reduce((sum, f) => sum + fs.statSync(path.join(assets, f)).size, 0)
    : 0
}
