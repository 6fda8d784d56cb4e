// A clawback paid back by bank transfer on a bank statement (issue 25): the agency pays it with a
// proof, quoting the policy's reference; the line quoting it with the clawback's amount matches it
// exactly, and confirming the line approves the clawback through its workflow's decision, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { clawbacks, policies, tasks } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { agencyWithToken, api } from '../setup/api'
import { eventually } from '../setup/eventually'
import { payOutCommission } from '../setup/payouts'
import { uploadedReceipt } from '../setup/topups'
import { startWorker } from '../setup/worker'
import {
  amountCsv,
  BS,
  checker,
  confirm,
  imported,
  linesOf,
  nextSeq,
  setUpStatementFixtures,
  uploader,
} from '../setup/bank-statements'

setUpStatementFixtures()
let stop: () => Promise<void>
beforeAll(async () => {
  stop = await startWorker()
})
afterAll(async () => {
  await stop()
})

const waitingTask = (clawbackId: number, kind: string) =>
  eventually(async () => {
    const [t] = await getDb()
      .select()
      .from(tasks)
      .where(
        and(eq(tasks.workflow_id, `clawback-${clawbackId}`), eq(tasks.kind, kind), isNull(tasks.closed_at)),
      )
    return t
  }, `the ${kind} task`)

/** A paid policy whose commission was paid out, clawed back and paid back by bank with a proof. */
async function paidBackByBank() {
  const { agency, token } = await agencyWithToken()
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })
  await payOutCommission(agency.id, policy.id)
  const init = await api('POST', `/agencies/policy-management/initiate-clawback/${policy.id}`, {
    token: uploader,
    body: {
      clawback_premium_amount: policy.premium_without_gst! / 100,
      clawback_document: null,
      clawback_document_name: null,
    },
  })
  expect(init.status, JSON.stringify(init.body)).toBe(201)
  const id = init.body.data.id as number
  await waitingTask(id, 'clawback-payment')
  const paid = await api('POST', '/agencies/finance-management/clawbackPayment', {
    token,
    body: { policy_id: policy.id, payment_method: 'BANK', bank_document: await uploadedReceipt(agency.id) },
  })
  expect(paid.status, JSON.stringify(paid.body)).toBe(200)
  await waitingTask(id, 'clawback-decision')
  const [row] = await getDb().select().from(clawbacks).where(eq(clawbacks.id, id))
  return { policy, clawback: row }
}

describe('a clawback paid back by bank on a statement', () => {
  it("matches by the policy's reference and amount, and confirming approves it through its workflow", async () => {
    const { policy, clawback } = await paidBackByBank()
    expect(clawback).toMatchObject({ status: 'REQUESTED', clawback_method: 'BANK' })
    const statement = await imported(
      amountCsv([
        {
          narrative: `Commission returned ${policy.ref}`,
          amount: clawback.outstanding_amount,
          balance: 13_000_000 + nextSeq(),
        },
      ]),
    )
    const [line] = await linesOf(statement.id)
    expect(line).toMatchObject({ state: 'exact', matched_kind: 'clawback', matched_id: clawback.id })
    const view = await api('GET', `${BS}/${statement.id}`, { token: checker })
    expect(view.body.data.lines[0].target).toMatchObject({
      label: `Clawback #${clawback.id} on policy ${policy.ref}`,
      amount_cents: clawback.outstanding_amount,
    })
    const done = await confirm(line.id)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.data).toMatchObject({ matched_kind: 'clawback', matched_id: clawback.id })
    const [after] = await getDb().select().from(clawbacks).where(eq(clawbacks.id, clawback.id))
    expect(after.status).toBe('COMPLETED')
    const [p] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
    expect(p.status).toBe('CLAWBACK_COMPLETED')
    expect((await confirm(line.id)).status).toBe(409)
  })
})
