import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// Browser tests run in Debian's Chromium against the real server serving the one shared build
// (scripts/test.sh builds before running them). npx playwright install cannot work here.
const port = Number(process.env.E2E_PORT ?? 4319)
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'list' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined } },
  ],
  webServer: {
    command: 'npx tsx server/index.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      VAR_DIR: path.join(os.tmpdir(), `proofline-e2e-${port}`),
      FORM_MIN_FILL_MS: '0',
      RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
})
