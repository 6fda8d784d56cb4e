import { afterAll, inject } from 'vitest'
import pg from 'pg'
import { randomBytes } from 'node:crypto'
import { adminUrl, dbUrl } from './db-urls'

// Each test file gets its own database cloned from the template and its own task queue.
const name = `oshc_t_${inject('runId')}_${randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: adminUrl() })
await admin.connect()
await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`)
await admin.end()

// Workflow ids are built from record ids and every file shares one Temporal server: start each
// file's sequences at its own random base so ids (and so workflow ids) never collide.
const db = new pg.Client({ connectionString: dbUrl(name) })
await db.connect()
const base = 1_000 + Math.floor(Math.random() * 1_000_000) * 1_000
await db.query(`DO $$ DECLARE s record; BEGIN
  FOR s IN SELECT schemaname, sequencename FROM pg_sequences WHERE schemaname = 'public' LOOP
    EXECUTE format('SELECT setval(%L, greatest(%s, coalesce((SELECT last_value FROM %I.%I), 1)))', s.schemaname || '.' || s.sequencename, ${base}, s.schemaname, s.sequencename);
  END LOOP; END $$`)
await db.end()

process.env.NODE_ENV = 'test'
process.env.DATABASE_URL = dbUrl(name)
process.env.DATABASE_POOL_SIZE = '5'
process.env.TEMPORAL_ADDRESS = inject('temporalAddress')
process.env.TEMPORAL_TASK_QUEUE = `test-${name}`
process.env.APP_URL = 'http://test.local'
process.env.ONBOARDING_VERIFY_REMINDER ??= '1d'
process.env.ONBOARDING_DETAILS_REMINDER ??= '1d'
process.env.ONBOARDING_AGREEMENT_REMINDER ??= '1d'
process.env.ONBOARDING_STAFF_REMINDER ??= '1d'
delete process.env.SMTP_URL
delete process.env.S3_BUCKET
delete process.env.RECAPTCHA_SECRET

// The composition root, as the web server and the worker call it at start-up.
const { wireProcesses } = await import('../../temporal/processes')
wireProcesses()

afterAll(async () => {
  const { closeDb } = await import('../../db/client')
  const { closeTemporalClient } = await import('../../temporal/client')
  await closeTemporalClient()
  await closeDb()
})
