import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// Browser tests run in Debian's Chromium against the real server serving the one shared build
// (scripts/test.sh builds before running them). npx playwright install cannot work here.
const port = Number(process.env.E2E_PORT ?? 4319)
// Debian's headless shell (package chromium-headless-shell, the same Chromium build without the
// browser's UI layers; what Playwright itself runs headless tests in) when it is installed: the
// whole suite took 5.3 min in it against 8.6 min in the full browser (docs/decisions/214).
const headlessShell = '/usr/bin/chromium-headless-shell'
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium')
// The staff admin's e2e account: a throwaway password made once per run (workers inherit it
// through the environment) on a fresh e2e database, since the first admin is only created when
// the database has no users (tests/e2e/helpers/admin.ts).
const e2eVarDir = path.join(os.tmpdir(), `proofline-e2e-${port}`)
// The server serves a copy of the shared build (dist/ minus the server bundle, which it renders
// with): what the specs publish (posts, page overrides) changes that copy, never dist/client,
// which the HTML checks of tests/site and the next runs read.
const e2eSite = path.join(e2eVarDir, 'site')
if (!process.env.E2E_ADMIN_PASSWORD) {
  fs.rmSync(e2eVarDir, { recursive: true, force: true })
  const dist = path.join(import.meta.dirname, 'dist')
  if (fs.existsSync(path.join(dist, 'client')))
    for (const item of fs.readdirSync(dist)) if (item !== 'server') fs.cpSync(path.join(dist, item), path.join(e2eSite, item), { recursive: true })
  process.env.E2E_ADMIN_EMAIL = 'e2e-admin@example.com'
  process.env.E2E_ADMIN_PASSWORD = `e2e-${crypto.randomBytes(24).toString('base64url')}`
}
const adminSpecs = /[\\/]admin[^\\/]*\.spec\.ts$/
// Specs whose behaviour does not change with the screen (forms, chatbot, attribution, the axe helper) or that set
// their own viewport and touch (touch, mobile-form) run once, in the desktop project; the mobile
// project keeps what a phone lays out or handles differently (docs/decisions/066-browser-test-projects.md).
const desktopOnlySpecs = /[\\/](forms|chatbot|attribution|touch|mobile-form|axe-helper)\.spec\.ts$/

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // A one-finger horizontal drag is also Chromium's own swipe-to-go-back gesture
        // (overscroll history navigation): in touch.spec.ts a swipe right could send the page
        // back to about:blank mid-test (window.touchDone undefined on the next drag). That is the
        // browser's gesture, not the site's, so the tests turn it off.
        '--overscroll-history-navigation=0',
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: adminSpecs, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'mobile', testIgnore: [adminSpecs, desktopOnlySpecs], use: { ...devices['Pixel 7'], channel: undefined } },
    { name: 'admin', testMatch: adminSpecs, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    // seed.ts creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD (as `npm start` does).
    command: 'npx tsx scripts/seed.ts && npx tsx server/index.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      VAR_DIR: e2eVarDir,
      STATIC_DIR: path.join(e2eSite, 'client'),
      FORM_MIN_FILL_MS: '0',
      RATE_LIMIT_PER_MINUTE: '1000',
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL ?? '',
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? '',
    },
  },
})
