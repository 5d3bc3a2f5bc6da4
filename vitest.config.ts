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
      { extends: true, test: { name: 'unit', include: [...beside, 'tests/api/**/*.test.ts', 'tests/admin-api/**/*.test.ts'] } },
      { extends: true, test: { name: 'site', include: ['tests/site/**/*.test.ts'] } },
    ],
  },
})
