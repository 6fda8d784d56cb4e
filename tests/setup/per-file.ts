import { afterAll, inject } from 'vitest'
import pg from 'pg'
import { randomBytes } from 'node:crypto'
import { adminUrl, dbUrl } from './db-urls'

// Each test file gets its own database cloned from the template and its own task queue.
const name = `oshc_t_${randomBytes(6).toString('hex')}`
const admin = new pg.Client({ connectionString: adminUrl() })
await admin.connect()
await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`)
await admin.end()

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

await import('../../temporal/ports')

afterAll(async () => {
  const { closeDb } = await import('../../db/client')
  const { closeTemporalClient } = await import('../../temporal/client')
  await closeTemporalClient()
  await closeDb()
})
