import { defineConfig } from 'vitest/config'

// Unit and API tests. Browser tests run through Playwright (tests/e2e), HTML checks read the
// one shared build in dist/ (tests/site), see scripts/test.sh.
export default defineConfig({
  test: {
    include: ['data/**/*.test.ts', 'shared/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'pages/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/admin-api/**/*.test.ts', 'tests/site/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/setup.ts'],
    fileParallelism: true,
    pool: 'forks',
  },
})
