// Builds the staff admin (admin/, react-admin) into <outDir>/admin. The build runs it in a child
// process during the vike pre-render, into a staging folder that it moves into dist/client/admin
// before precompression (docs/decisions/050 and 161).
import fs from 'node:fs'
import path from 'node:path'
import { build, type PluginOption } from 'vite'

export const adminConfigFile = path.resolve(import.meta.dirname, '..', '..', 'admin', 'vite.config.ts')

export type AdminBuild = { seconds: number; jsBytes: number; outDir: string }

export async function buildAdmin(outDir: string, { quiet = false, plugins = [] as PluginOption[] } = {}): Promise<AdminBuild> {
  const started = performance.now()
  const adminOut = path.join(outDir, 'admin')
  await build({ configFile: adminConfigFile, logLevel: quiet ? 'error' : 'warn', plugins, build: { outDir: adminOut, emptyOutDir: true } })
  const assets = path.join(adminOut, 'assets')
  const jsBytes = fs.existsSync(assets)
    ? fs
        .readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .reduce((sum, f) => sum + fs.statSync(path.join(assets, f)).size, 0)
    : 0
  return { seconds: (performance.now() - started) / 1000, jsBytes, outDir: adminOut }
}
