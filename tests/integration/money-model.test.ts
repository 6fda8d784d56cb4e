// Issue 22: a model-based test of the money journal. fast-check draws random sequences of money
// commands (top-ups, purchases by balance, BNPL and NexPay, webhook deliveries with good and bad
// amounts, invoice payments, BNPL settlements approved or rejected, full refunds, amendments down,
// payouts, clawbacks paid from the balance or by bank and approved or rejected) and runs each
// against the real use cases (the in-process API router, the same code path as HTTP) on the real
// PostgreSQL, with a fresh agency per run, beside a simple model of what the agency should hold.
// After every command the invariants of DESIGN.md section 14 are checked; after every run the
// nightly reconciliation must find nothing. A failure prints the seed: rerun it with
// MONEY_MODEL_SEED=<seed> (and MONEY_MODEL_PATH=<path> to replay the shrunk case).
// The model's state and commands are in money-model/ (model.ts, the commands by subject, commands.ts
// as drawn, invariants.ts); this file runs them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyBalances, agencyConfigurations } from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { createSession } from '../../domain/access/sessions'
import { reconcileLedgers } from '../../domain/finance/reconciliation/reconcile-ledgers'
import { clock } from '../../domain/shared/clock'
import { startWorker } from '../setup/worker'
import { ALLOWANCE, type Model, type Real, signInStaff } from './money-model/model'
import { commands } from './money-model/commands'
import { BuyByBnpl, BuyByNexPay, NexPayDelivery } from './money-model/purchases'
import { SettleBnpl } from './money-model/invoices-and-bnpl'
import { AmendFall, FullRefund } from './money-model/after-sale'
import { checkInvariants } from './money-model/invariants'

const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 200)

let stopWorker: () => Promise<void>

beforeAll(async () => {
  stopWorker = await startWorker()
  await signInStaff()
})
afterAll(() => stopWorker())

async function freshAgency(): Promise<Real> {
  // The factory's agency with a session opened directly (a login would hash the password again).
  const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })
  const { token } = await createSession(agency.identity_id!)
  await getDb()
    .update(agencyConfigurations)
    .set({ is_buy_now_pay_later_enabled: true })
    .where(
      and(eq(agencyConfigurations.agency_id, agency.id), eq(agencyConfigurations.insurance_provider_id, 1)),
    )
  await getDb()
    .insert(agencyBalances)
    .values({
      agency_id: agency.id,
      buy_now_pay_later_amount: ALLOWANCE,
      buy_now_pay_later_remaining_amount: ALLOWANCE,
    })
    .onConflictDoUpdate({
      target: agencyBalances.agency_id,
      set: { buy_now_pay_later_amount: ALLOWANCE, buy_now_pay_later_remaining_amount: ALLOWANCE },
    })
  return { agencyId: agency.id, token }
}

const noMail = (async () => ({ id: 0 })) as unknown as Parameters<typeof reconcileLedgers>[0]['mail']

describe('the money journal under random interleavings (fast-check model)', () => {
  it(`keeps every invariant over ${RUNS} random runs of money commands`, async () => {
    const started = Date.now()
    const seed = process.env.MONEY_MODEL_SEED ? Number(process.env.MONEY_MODEL_SEED) : Date.now() ^ 0
    let steps = 0
    const timing = new Map<string, { n: number; run: number; check: number }>()
    let setupMs = 0
    try {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 10 }), async (cmds) => {
          const setup = async () => {
            const t0 = performance.now()
            const real = await freshAgency()
            setupMs += performance.now() - t0
            const model: Model = { balance: 0, bnplRemaining: ALLOWANCE, policies: [] }
            return { model, real }
          }
          const wrapped = [...cmds].map((c): fc.AsyncCommand<Model, Real> => ({
            check: (m) => c.check(m) as boolean,
            run: async (m, r) => {
              const t0 = performance.now()
              await c.run(m, r)
              const t1 = performance.now()
              steps++
              await checkInvariants(m, r)
              const name = c.toString().replace(/\(.*$/, '')
              const t = timing.get(name) ?? { n: 0, run: 0, check: 0 }
              t.n++
              t.run += t1 - t0
              t.check += performance.now() - t1
              timing.set(name, t)
            },
            toString: () => c.toString(),
          }))
          await fc.asyncModelRun(setup, wrapped)
          const run = await reconcileLedgers({ db: getDb(), mail: noMail, clock, trigger: 'money-model' })
          expect(run.mismatches, 'reconciliation').toEqual([])
        }),
        {
          numRuns: RUNS,
          seed,
          path: process.env.MONEY_MODEL_PATH,
          // The database keeps what a failing run did: shrinking would replay against it.
          endOnFailure: true,
        },
      )
    } catch (err) {
      throw new Error(`money model failed; rerun with MONEY_MODEL_SEED=${seed}\n${String(err)}`, {
        cause: err,
      })
    }
    console.info(
      `money model: ${RUNS} runs, ${steps} commands in ${Date.now() - started} ms (seed ${seed}); agencies ${Math.round(setupMs)} ms;`,
      [...timing]
        .map(([k, t]) => `${k} ${t.n}x ${Math.round(t.run / t.n)}+${Math.round(t.check / t.n)} ms`)
        .join(', '),
    )
  }, 300_000)

  // A sequence the draws reach rarely (a settlement needs BNPL purchases first), run as written.
  it('settles buy now, pay later by bank through its statement line, and the books agree', async () => {
    const r = await freshAgency()
    const m: Model = { balance: 0, bnplRemaining: ALLOWANCE, policies: [] }
    for (const command of [new BuyByBnpl(), new BuyByBnpl(), new SettleBnpl(2, 'BANK', 'statement')]) {
      await command.run(m, r)
      await checkInvariants(m, r)
    }
    expect(m.policies.map((p) => p.state)).toEqual(['PAID', 'PAID'])
    expect(m.bnplRemaining).toBe(ALLOWANCE)
  })
  // Also rare in the draws: a premium quoted in NPR settled 1% short (the difference to house:fx),
  // beside an unquoted one left partly due, then amended and refunded like any other paid policy.
  it('settles a NexPay premium quoted in another currency at its quote, then amends and refunds it', async () => {
    const r = await freshAgency()
    const m: Model = { balance: 0, bnplRemaining: ALLOWANCE, policies: [] }
    for (const command of [
      new BuyByNexPay(true),
      new BuyByNexPay(false),
      new NexPayDelivery(0, 'fx'),
      new NexPayDelivery(0, 'fx'),
      new AmendFall(0),
      new FullRefund(0, 0),
    ]) {
      await command.run(m, r)
      await checkInvariants(m, r)
    }
    expect(m.policies.map((p) => [p.fxQuoted, p.state])).toEqual([
      [true, 'REFUNDED'],
      [false, 'UNPAID'],
    ])
    const run = await reconcileLedgers({ db: getDb(), mail: noMail, clock, trigger: 'money-model' })
    expect(run.mismatches, 'reconciliation').toEqual([])
  })
})
