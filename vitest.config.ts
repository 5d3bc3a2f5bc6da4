import { configDefaults, defineConfig } from 'vitest/config'

// Three projects:
// - unit and unit-alone: unit tests (beside the code they test) and the API tests (a real server on
//   port 0); they need no build, so `npm run test:unit` (both) works on a fresh clone.
// - site: the HTML checks of tests/site, which read the one shared build in dist/; scripts/test.sh
//   runs them after the build (`npm run test:site`).
// Browser tests run through Playwright (tests/e2e).
const beside = ['data', 'shared', 'server', 'scripts', 'pages', 'templates', 'client', 'admin'].map((dir) => `${dir}/**/*.test.{ts,tsx}`)

// Run after the unit project's files and one at a time (project unit-alone; decision 067).
const alone = [
  'tests/api/concurrency.test.ts',
  'tests/api/fuzz.test.ts',
  'tests/api/instances.test.ts',
  'tests/api/crash.test.ts',
  'tests/api/campaignResume.test.ts',
  'tests/admin-api/auth.test.ts',
  // Per-minute rate-limit windows: a burst slowed by the other workers can straddle a minute.
  'tests/api/proxy.test.ts',
  'tests/api/rateLimit.test.ts',
]

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/setup.ts'],
    fileParallelism: true,
    pool: 'forks',
    projects: [
      // Three files at a time: vitest's default on 2 cores is one (cores - 1), and the API files spend
      // much of their time waiting on SQLite's fsync, PostgreSQL and child servers (decision 067).
      {
        extends: true,
        test: {
          name: 'unit',
          maxWorkers: 3,
          include: [...beside, 'tests/api/**/*.test.ts', 'tests/admin-api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...alone],
          sequence: { groupOrder: 0 },
        },
      },
      // The load and timing tests, after those and one at a time, as before: thousands of requests
      // at once, child servers killed mid-load, job leases and sign-in throttle windows.
      { extends: true, test: { name: 'unit-alone', maxWorkers: 1, include: alone, sequence: { groupOrder: 1 } } },
      // One at a time: its files run whole builds (CPU-bound) and swap vike's auto-importer file.
      { extends: true, test: { name: 'site', maxWorkers: 1, include: ['tests/site/**/*.test.ts'], sequence: { groupOrder: 2 } } },
    ],
  },
})
