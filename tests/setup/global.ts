import type { TestProject } from 'vitest/node'
import { bundleWorkflowCode } from '@temporalio/worker'
import { TestWorkflowEnvironment } from '@temporalio/testing'
import { writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { adminUrl, dbUrl, RUN_ID } from './db-urls'

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string
    runId: string
    temporalAddress: string
    workflowBundlePath: string
  }
}

/**
 * Once per run: a migrated and seeded template database (each test file clones it), a real
 * Temporal dev server from the local CLI binary, and one workflow bundle for every test worker.
 */
export default async function setup(project: TestProject) {
  const TEMPLATE_DB = `oshc_tpl_${RUN_ID}`
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`)
  process.env.DATABASE_URL = dbUrl(TEMPLATE_DB)
  const { getDb, closeDb } = await import('../../db/client')
  const { runMigrations } = await import('../../db/migrate')
  const { seed } = await import('../../db/seed')
  await runMigrations()
  await seed(getDb(), { adminPassword: 'Admin-Passw0rd!', demo: false, allCities: false })
  await closeDb()

  const cli = process.env.TEMPORAL_CLI ?? path.resolve('.tools/bin/temporal')
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: cli },
      ip: '127.0.0.1',
      extraArgs: ['--log-level', 'error'],
    },
  })
  const address = env.connection.options.address
  const { workflowsPath } = await import('../../workers/worker')
  const bundle = await bundleWorkflowCode({
    workflowsPath,
    logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} } as never,
  })
  const bundlePath = path.join(mkdtempSync(path.join(tmpdir(), 'oshc-wf-')), 'bundle.js')
  writeFileSync(bundlePath, bundle.code)

  project.provide('templateDb', TEMPLATE_DB)
  project.provide('runId', RUN_ID)
  project.provide('temporalAddress', address)
  project.provide('workflowBundlePath', bundlePath)

  return async () => {
    await env.teardown()
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`oshc_t_${RUN_ID}_%`],
    )
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`)
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`)
    await admin.end()
  }
}
