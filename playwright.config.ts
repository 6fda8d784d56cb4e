import { defineConfig } from '@playwright/test'

// Debian's Chromium, never a downloaded browser (see README).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  // journeys: the browser journeys against the running demo system (tests/e2e); production: the
  // system started as a deployment runs it, after the journeys' system has stopped (tests/production).
  projects: [
    { name: 'journeys', testDir: 'tests/e2e' },
    { name: 'production', testDir: 'tests/production' },
  ],
  outputDir: 'test-results',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3100',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
