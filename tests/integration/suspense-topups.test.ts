// Money held in suspense allocated to a bank top-up waiting for its money (issue 25): the whole
// top-up, proposed by one person and approved by another, credited from suspense as an approval by
// hand credits it from the bank; the top-up is approved, its task closed, and the books balance.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyTopups, moneyTransfers, tasks } from '../../db/schema'
import { account } from '../../domain/money/accounts'
import { agencyWithToken, api } from '../setup/api'
import { checker, overpaid, setUpStatementFixtures, TODAY, uploader } from '../setup/bank-statements'
import { expectBalanced, held } from '../setup/journal'
import { requestedBankTopup } from '../setup/topups'

setUpStatementFixtures()

const SUSPENSE = '/oshc/finance-management/suspense'

const propose = (body: Record<string, unknown>) =>
  api('POST', `${SUSPENSE}/clearings`, { token: uploader, body })

describe('suspense allocated to a top-up', () => {
  it('credits a waiting bank top-up whole from suspense once another person approves it', async () => {
    const transferId = (await overpaid(50_00)).item.id
    const { agency, token } = await agencyWithToken()
    const topupId = await requestedBankTopup({ agencyId: agency.id, token }, 50, TODAY)
    const base = { transfer_id: transferId, action: 'ALLOCATE', reason: 'The agency quoted no reference' }

    const both = await propose({ ...base, amount: '50.00', topup_id: topupId, policy_ref: 'POL-0000000000' })
    expect(both.status).toBe(400)
    expect(both.body.errors).toEqual({ topup_id: ['Allocate to a policy or to a top-up, not both'] })
    const part = await propose({ ...base, amount: '40.00', topup_id: topupId })
    expect(part.status).toBe(409)
    expect(part.body.message).toBe(
      `Top-up #${topupId} is for A$50.00: allocate exactly that (a top-up is credited whole)`,
    )
    expect((await propose({ ...base, amount: '50.00', topup_id: 999_999_999 })).status).toBe(404)

    const proposed = await propose({ ...base, amount: '50.00', topup_id: topupId })
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201)
    expect(proposed.body.data).toMatchObject({ topup_id: topupId, policy_id: null })
    const suspenseBefore = await held(account.suspense)
    const decide = (t: string) =>
      api('POST', `${SUSPENSE}/clearings/${proposed.body.data.id}/decision`, {
        token: t,
        body: { decision: 'approve' },
      })
    expect((await decide(uploader)).status).toBe(403)
    const approved = await decide(checker)
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)

    const [topup] = await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, topupId))
    expect(topup.status).toBe('APPROVED')
    expect(await held(account.agencyBalance(agency.id))).toBe(50_00)
    expect(await held(account.suspense)).toBe(suspenseBefore - 50_00)
    const [credit] = await getDb().select().from(moneyTransfers).where(eq(moneyTransfers.topup_id, topupId))
    expect(credit).toMatchObject({ code: 'TOPUP', amount: 50_00 })
    const [task] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `topup-${topupId}`))
    expect(task).toMatchObject({ outcome: 'approved' })
    await expectBalanced(agency.id)
    // Paid: approving it by hand as well is refused.
    const byHand = await api('POST', '/oshc/finance-management/topUpApprove', {
      token: checker,
      body: { top_up_id: topupId },
    })
    expect(byHand.status).toBe(409)
  })
})
