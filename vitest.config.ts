import { defineConfig } from 'vitest/config'

// Two projects:
// - unit: unit tests (beside the code they test) and the API tests (a real server on port 0);
//   they need no build, so `npm run test:unit` works on a fresh clone.
// - site: the HTML checks of tests/site, which read the one shared build in dist/; scripts/test.sh
//   runs them after the build (`npm run test:site`).
// Browser tests run through Playwright (tests/e2e).
const beside = ['data', 'shared', 'server', 'scripts', 'pages', 'templates', 'client', 'admin'].map((dir) => `${dir}/**/*.test.{ts,tsx}`)

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
        test: { name: 'unit', maxWorkers: 3, include: [...beside, 'tests/api/**/*.test.ts', 'tests/admin-api/**/*.test.ts'] },
      },
      // One at a time: its files run whole builds (CPU-bound) and swap vike's auto-importer file.
      { extends: true, test: { name: 'site', maxWorkers: 1, include: ['tests/site/**/*.test.ts'] } },
    ],
  },
})
