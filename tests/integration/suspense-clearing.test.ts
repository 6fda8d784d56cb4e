// Clearing suspense (issue 25, DESIGN.md §14): money a transfer paid over a premium waits in
// suspense until one person proposes where it goes (refund to the payer, an agency's balance, a
// write-off within the limit) and another approves it; the movement posts in the approving
// transaction, never more than the item still holds, and the books agree after each step.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyBalanceTransactions, policies, tasks } from '../../db/schema'
import { account } from '../../domain/money/accounts'
import { resetConfig } from '../../domain/shared/config'
import { agencyWithToken, api, staffWith } from '../setup/api'
import {
  amountCsv,
  checker,
  confirm,
  imported,
  linesOf,
  nextSeq,
  overpaid,
  setUpStatementFixtures,
  uploader,
  waitingPolicy,
} from '../setup/bank-statements'
import { expectBalanced, held, paymentOf } from '../setup/journal'

setUpStatementFixtures()

const SUSPENSE = '/oshc/finance-management/suspense'

const propose = (body: Record<string, unknown>, token = uploader) =>
  api('POST', `${SUSPENSE}/clearings`, { token, body })
const decide = (id: number, decision: 'approve' | 'reject', token = checker) =>
  api('POST', `${SUSPENSE}/clearings/${id}/decision`, { token, body: { decision } })
const openOf = async (transferId: number) => {
  const list = await api('GET', SUSPENSE, { token: checker, query: { state: 'all', perPage: '100' } })
  return list.body.data.items.find((i: { id: number }) => i.id === transferId)
}

describe('clearing suspense', () => {
  it('credits an agency, writes off and refunds the rest, each approved by a second person', async () => {
    const { policy, item } = await overpaid(30_00)
    const suspenseBefore = await held(account.suspense)

    // Credit 20.00 to the policy's agency: proposed by one person, not approved by them.
    const credit = await propose({
      transfer_id: item.id,
      action: 'CREDIT_AGENCY',
      amount: '20.00',
      agency_id: policy.agency_id,
      reason: 'The agency paid twice by mistake',
    })
    expect(credit.status, JSON.stringify(credit.body)).toBe(201)
    expect((await decide(credit.body.data.id, 'approve', uploader)).status).toBe(403)
    const another = await propose({ transfer_id: item.id, action: 'WRITE_OFF', amount: 1, reason: 'Fee' })
    expect(another.status).toBe(409)
    expect(another.body.message).toMatch(/waiting for a second person/)
    expect((await openOf(item.id)).waiting).toMatchObject({ action: 'CREDIT_AGENCY', can_approve: true })
    expect(await held(account.agencyBalance(policy.agency_id))).toBe(0)

    // The proposal waits in the staff inbox until it is decided.
    const taskOf = async () =>
      (
        await getDb()
          .select({
            closed_at: tasks.closed_at,
            outcome: tasks.outcome,
            link: tasks.link,
            amount: tasks.amount,
          })
          .from(tasks)
          .where(eq(tasks.workflow_id, `suspense-clearing-${credit.body.data.id}`))
      )[0]
    expect(await taskOf()).toMatchObject({ closed_at: null, link: '/staff/finance/suspense', amount: 20_00 })
    const approved = await decide(credit.body.data.id, 'approve')
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(await taskOf()).toMatchObject({ outcome: 'approved' })
    expect(approved.body.data).toMatchObject({ status: 'APPROVED' })
    expect(await held(account.agencyBalance(policy.agency_id))).toBe(20_00)
    const [entry] = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(eq(agencyBalanceTransactions.agency_id, policy.agency_id))
    expect(entry).toMatchObject({ type: 'SUSPENSE_CREDIT', transaction_amount: 20_00, balance: 20_00 })
    expect(await held(account.suspense)).toBe(suspenseBefore - 20_00)
    expect((await openOf(item.id)).open).toBe(10_00)
    await expectBalanced(policy.agency_id)

    // No more than the item still holds; a write-off no more than the limit.
    const over = await propose({ transfer_id: item.id, action: 'REFUND', amount: '10.01', reason: 'Back' })
    expect(over.status).toBe(409)
    expect(over.body.message).toBe('Only A$10.00 of this money is still in suspense')
    process.env.SUSPENSE_WRITE_OFF_LIMIT_CENTS = '300'
    resetConfig()
    try {
      const big = await propose({ transfer_id: item.id, action: 'WRITE_OFF', amount: '3.01', reason: 'Fee' })
      expect(big.status).toBe(400)
      expect(big.body.message).toMatch(/A write-off is at most A\$3.00/)
      const fee = await propose({
        transfer_id: item.id,
        action: 'WRITE_OFF',
        amount: '3.00',
        reason: 'Bank fee',
      })
      expect(fee.status).toBe(201)
      expect((await decide(fee.body.data.id, 'approve')).status).toBe(200)
    } finally {
      delete process.env.SUSPENSE_WRITE_OFF_LIMIT_CENTS
      resetConfig()
    }
    expect(await held(account.house('write_off'))).toBeGreaterThanOrEqual(3_00)

    // The rest back to the payer through the bank; a rejected proposal moves nothing.
    const withdrawn = await propose({
      transfer_id: item.id,
      action: 'REFUND',
      amount: '7.00',
      reason: 'Back',
    })
    expect((await decide(withdrawn.body.data.id, 'reject', uploader)).body.data).toMatchObject({
      status: 'REJECTED',
    })
    expect((await decide(withdrawn.body.data.id, 'approve')).status).toBe(409)
    expect((await openOf(item.id)).open).toBe(7_00)
    const bankBefore = await held(account.clearing('bank'))
    const refund = await propose({ transfer_id: item.id, action: 'REFUND', amount: '7.00', reason: 'Back' })
    expect((await decide(refund.body.data.id, 'approve')).status).toBe(200)
    expect(await held(account.clearing('bank'))).toBe(bankBefore + 7_00)
    expect(await held(account.suspense)).toBe(suspenseBefore - 30_00)

    // Cleared: out of the open list, its four decisions kept under state=all.
    const open = await api('GET', SUSPENSE, { token: checker, query: { perPage: '100' } })
    expect(open.body.data.items.map((i: { id: number }) => i.id)).not.toContain(item.id)
    expect((await openOf(item.id)).decisions.map((d: { status: string }) => d.status)).toEqual([
      'APPROVED',
      'APPROVED',
      'REJECTED',
      'APPROVED',
    ])
    await expectBalanced(policy.agency_id)
  })

  it("allocates to another policy's premium waiting for a bank transfer: a part, then the rest pays it", async () => {
    const { policy: payer, item } = await overpaid(30_00)
    const target = await waitingPolicy()
    const premium = target.premium!
    // Not to a policy already paid, nor more than the premium still needs.
    const paid = await propose({
      transfer_id: item.id,
      action: 'ALLOCATE',
      amount: '30.00',
      policy_ref: payer.ref,
      reason: 'Paid twice',
    })
    expect(paid.status).toBe(409)
    expect(paid.body.message).toBe(`Policy ${payer.ref} has no premium waiting for a bank transfer`)
    const noRef = await propose({
      transfer_id: item.id,
      action: 'ALLOCATE',
      amount: '30.00',
      reason: 'Paid twice',
    })
    expect(noRef.status).toBe(400)

    const part = await propose({
      transfer_id: item.id,
      action: 'ALLOCATE',
      amount: '30.00',
      policy_ref: target.ref,
      reason: 'The agency asked to use it for this student',
    })
    expect(part.status, JSON.stringify(part.body)).toBe(201)
    expect((await openOf(item.id)).waiting).toMatchObject({ action: 'ALLOCATE', policy_ref: target.ref })
    expect((await decide(part.body.data.id, 'approve')).status).toBe(200)
    expect(await paymentOf(target.id)).toMatchObject({ status: 'REQUESTED', received_amount: 30_00 })
    expect(await held(account.policyPremiumReceived(target.id))).toBe(30_00)
    expect((await openOf(item.id)).open).toBe(0)
    await expectBalanced(target.agency_id)

    // Another excess of exactly what is still due completes the premium: paid, commission banked.
    const { item: rest } = await overpaid(premium - 30_00)
    const all = await propose({
      transfer_id: rest.id,
      action: 'ALLOCATE',
      amount: ((premium - 30_00) / 100).toFixed(2),
      policy_ref: target.ref,
      reason: 'The rest of it',
    })
    expect(all.status, JSON.stringify(all.body)).toBe(201)
    expect((await decide(all.body.data.id, 'approve')).status).toBe(200)
    expect(await paymentOf(target.id)).toMatchObject({ status: 'PAID', received_amount: premium })
    expect(await held(account.policyPremiumReceived(target.id))).toBe(premium)
    const [status] = await getDb()
      .select({ s: policies.status })
      .from(policies)
      .where(eq(policies.id, target.id))
    expect(status.s).toBe('PAYMENT_APPROVED')
    await expectBalanced(target.agency_id)
  })

  it('posts once when two people approve the same proposal at the same time', async () => {
    const { policy, item } = await overpaid(12_00)
    const other = await staffWith(['finance'])
    const p = await propose({
      transfer_id: item.id,
      action: 'CREDIT_AGENCY',
      amount: 12,
      agency_id: policy.agency_id,
      reason: 'Agency overpaid',
    })
    const [a, b] = await Promise.all([
      decide(p.body.data.id, 'approve'),
      decide(p.body.data.id, 'approve', other),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    expect(await held(account.agencyBalance(policy.agency_id))).toBe(12_00)
    expect((await openOf(item.id)).open).toBe(0)
    await expectBalanced(policy.agency_id)
  })

  it('is for staff with finance only, and refuses unknown items and agencies', async () => {
    const { item } = await overpaid(5_00)
    const { token: agencyToken } = await agencyWithToken()
    expect((await api('GET', SUSPENSE, { token: agencyToken })).status).toBe(403)
    const noFinance = await staffWith([])
    expect((await api('GET', SUSPENSE, { token: noFinance })).status).toBe(403)
    expect(
      (await propose({ transfer_id: item.id, action: 'WRITE_OFF', amount: 1, reason: 'Fee' }, noFinance))
        .status,
    ).toBe(403)
    expect(
      (await propose({ transfer_id: 2_000_000_000, action: 'WRITE_OFF', amount: 1, reason: 'Fee' })).status,
    ).toBe(404)
    const noAgency = await propose({
      transfer_id: item.id,
      action: 'CREDIT_AGENCY',
      amount: 1,
      reason: 'Credit',
    })
    expect(noAgency.status).toBe(400)
    expect(noAgency.body.errors?.agency_id ?? noAgency.body.message).toBeTruthy()
    const unknown = await propose({
      transfer_id: item.id,
      action: 'CREDIT_AGENCY',
      amount: 1,
      agency_id: 2_000_000_000,
      reason: 'Credit',
    })
    expect(unknown.status).toBe(404)
    expect((await propose({ transfer_id: item.id, action: 'REFUND', amount: 1, reason: '' })).status).toBe(
      400,
    )
  })

  it('pays a premium once when an allocation and a statement line for it are confirmed at the same time', async () => {
    const target = await waitingPolicy()
    const premium = target.premium!
    const { item } = await overpaid(premium)
    const proposal = await propose({
      transfer_id: item.id,
      action: 'ALLOCATE',
      amount: (premium / 100).toFixed(2),
      policy_ref: target.ref,
      reason: 'Paid under another policy',
    })
    expect(proposal.status, JSON.stringify(proposal.body)).toBe(201)
    const statement = await imported(
      amountCsv([{ narrative: `OSHC ${target.ref}`, amount: premium, balance: 8_000_000 + nextSeq() }]),
    )
    const [line] = await linesOf(statement.id)
    const other = await staffWith(['finance'])
    const [byAllocation, byLine] = await Promise.all([
      decide(proposal.body.data.id, 'approve'),
      confirm(line.id, other),
    ])
    // Serialized on the policy: whichever comes second finds nothing waiting (409), never a 500.
    expect(
      [byAllocation.status, byLine.status].sort(),
      JSON.stringify([byAllocation.body, byLine.body]),
    ).toEqual([200, 409])
    expect(await paymentOf(target.id)).toMatchObject({ status: 'PAID', received_amount: premium })
    expect(await held(account.policyPremiumReceived(target.id))).toBe(premium)
    // The money not used stays where it was: in suspense, or unconfirmed on the statement.
    expect((await openOf(item.id)).open).toBe(byAllocation.status === 200 ? 0 : premium)
    await expectBalanced(target.agency_id)
  })
})
