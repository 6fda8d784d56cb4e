import { eventually } from '../setup/eventually'
import { afterAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getDb } from '../../db/client'
import { paymentLinks } from '../../db/schema'
import { createAgency, createPolicy } from '../../db/seed/factories'
import { createPaymentLink } from '../../domain/payments/create-payment-link'
import type { Actor } from '../../domain/shared/actor'
import { adminUrl } from '../setup/db-urls'
import { api, staffToken } from '../setup/api'

// What a failover, a database restart, idle_session_timeout or a pooling proxy does to the app:
// every server-side connection of its database ends at once.
async function terminateAppConnections() {
  const database = new URL(process.env.DATABASE_URL!).pathname.slice(1)
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  const { rowCount } = await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [database],
  )
  await admin.end()
  return rowCount ?? 0
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const root = path.resolve(import.meta.dirname, '../..')
const children: ChildProcess[] = []
/** A long-running child process, in its own process group so the test can stop all of it. */
function spawnChild(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | string>((r) => child.once('exit', (code, sig) => r(sig ?? code!)))
  children.push(child)
  return { child, output: () => output, exited }
}
afterAll(async () => {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null) continue
    try {
      process.kill(-c.pid!, 'SIGTERM')
    } catch {}
    await new Promise((r) => c.once('exit', r))
  }
})

describe('a dropped database connection', () => {
  it('neither crashes the web side nor fails reads: requests keep succeeding through the real router', async () => {
    const token = await staffToken()
    const profile = () => api('GET', '/authentication/getAgencyAgencyUserAndOshcUserData', { token })
    // Several idle connections in the pool, as a busy server has.
    await Promise.all(Array.from({ length: 5 }, profile))

    const answers: { at: number; status: number }[] = []
    let flowing = true
    const flow = (async () => {
      while (flowing) {
        const at = Date.now()
        const r = await profile().catch(() => ({ status: 0 }))
        answers.push({ at, status: r.status })
        await sleep(50)
      }
    })()
    await sleep(300)
    const terminatedAt = Date.now()
    expect(await terminateAppConnections()).toBeGreaterThan(0)
    // A read issued right after the cut is answered (a failed single SELECT is retried once).
    expect((await profile()).status).toBe(200)
    await sleep(3_000)
    flowing = false
    await flow

    const after = answers.filter((a) => a.at >= terminatedAt)
    expect(after.length).toBeGreaterThan(10)
    // Within 2 seconds of the cut every request succeeds again (reads in fact never fail).
    const late = after.filter((a) => a.at >= terminatedAt + 2_000)
    expect(late.length).toBeGreaterThan(5)
    expect(late.filter((a) => a.status !== 200)).toEqual([])
    expect(after.filter((a) => a.status !== 200)).toEqual([])
  })

  it('does not stop the worker process: a workflow waiting on a timer still completes', async () => {
    // The real worker process (`workers/main.ts`, as `npm start` runs it) on this file's queue.
    // Schedules off: the Temporal server is shared with the schedule tests of this run.
    const worker = spawnChild(path.join(root, 'node_modules/.bin/tsx'), ['workers/main.ts'], {
      ...process.env,
      TEMPORAL_SCHEDULES: 'off',
    })
    await eventually(async () => worker.output().includes('polling task queue'), 'worker start', 90_000)

    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })
    const actor: Actor = {
      kind: 'Agency',
      identityId: agency.identity_id!,
      agencyId: agency.id,
      email: agency.email,
      permissions: new Set(['purchase']),
    }
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    // Expires in 0.002 h = 7.2 s; its workflow waits on a timer meanwhile.
    const link = await createPaymentLink({
      actor,
      policyId: policy.id,
      currency: 'AUD',
      expiresInHours: 0.002,
    })
    const row = async () => (await getDb().select().from(paymentLinks).where(eq(paymentLinks.id, link.id)))[0]
    // The worker has used the database (the reminder is due at once with the default window).
    await eventually(async () => (await row()).reminded_at, 'reminder sent by the worker')

    expect(await terminateAppConnections()).toBeGreaterThan(0)
    const expired = await eventually(async () => {
      const r = await row()
      return r.status === 'EXPIRED' && r
    }, 'link expired by the worker')
    expect(expired.status).toBe('EXPIRED')
    expect(worker.child.exitCode).toBeNull()
    expect(worker.child.signalCode).toBeNull()
  })
})

describe('npm start', () => {
  it('restarts a crashed child with backoff instead of stopping everything', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'oshc-supervisor-'))
    const starts = path.join(dir, 'starts')
    writeFileSync(starts, '')
    // The child crashes on its first start and stays up on the second.
    const flaky = `const fs=require('fs');fs.appendFileSync(${JSON.stringify(starts)},'x');if(fs.readFileSync(${JSON.stringify(starts)},'utf8').length<2)process.exit(3);setInterval(()=>{},1000)`
    const supervisor = spawnChild(process.execPath, [
      '--input-type=module',
      '-e',
      `import { startChild } from ${JSON.stringify(path.join(root, 'scripts/lib.mjs'))}
       startChild('flaky', process.execPath, ['-e', ${JSON.stringify(flaky)}])`,
    ])
    await eventually(async () => readFileSync(starts, 'utf8').length === 2, 'the child restarted', 15_000)
    expect(supervisor.output()).toMatch(/flaky exited \(3\); restarting in \d/)
    await sleep(500)
    expect(supervisor.child.exitCode).toBeNull()
    expect(readFileSync(starts, 'utf8')).toBe('xx')
  })
})
