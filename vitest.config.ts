import { randomBytes } from 'node:crypto'
import { defineConfig } from 'vitest/config'

// The signing secrets have no default in the source: each run signs with its own, set here so the
// global setup and every test worker (which inherit this environment) share them. `npm test`
// passes its own, which win.
for (const key of ['APP_SECRET', 'NEXPAY_WEBHOOK_SECRET'])
  process.env[key] ||= randomBytes(32).toString('base64url')
// As on the demo system: staff without a second factor decide without step-up (the step-up tests
// enrol one, or switch the policy on).
process.env.SECOND_FACTOR_RELAXED ||= 'true'

export default defineConfig({
  test: {
    // Two cores here: at most two test files at once.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/console.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/temporal/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global.ts'],
          setupFiles: ['tests/setup/console.ts', 'tests/setup/per-file.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
})
