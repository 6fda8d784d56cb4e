import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker'
import { historyFromJSON } from './histories/history-json'

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'histories')
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()

/**
 * Histories recorded from main before the wait for a person was written once (issue 26), one or
 * more per workflow and path (decision, reminder, escalation, `changed` signal, ...; see
 * histories/record.ts). Each must replay against today's workflow bundle: a command the code no
 * longer issues in the same order is a nondeterminism error, so a change of commands goes behind
 * `patched()`.
 */
describe('recorded workflow histories replay with the current code', () => {
  beforeAll(() => {
    Runtime.install({ logger: new DefaultLogger('ERROR', () => {}) })
  })

  it('covers the six workflows that wait, each with a reminder', () => {
    for (const w of [
      'agency-onboarding',
      'amendment',
      'clawback',
      'commission-payout',
      'full-refund',
      'payment-link-expiry',
    ])
      expect(fixtures, w).toContain(`${w}-reminder.json`)
  })

  it.each(fixtures)('%s', async (file) => {
    const history = historyFromJSON(JSON.parse(readFileSync(path.join(dir, file), 'utf8')))
    await Worker.runReplayHistory(
      { workflowBundle: { codePath: inject('workflowBundlePath') }, replayName: file },
      history,
    )
  })
})
