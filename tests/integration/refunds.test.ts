import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalanceTransactions,
  agencyBalances,
  files,
  fullRefunds,
  policies,
  policyPremiumPayments,
} from '../../db/schema'
import { temporalClient } from '../../temporal/client'
import { actorForToken } from '../../domain/access/sessions'
import { createPolicy } from '../../db/seed/factories'
import * as agencyPolicyPage from '../../app/routes/agency+/policies.$policyId._index/route'
import * as agencyRefundPage from '../../app/routes/agency+/policies.$policyId.refund'
import * as staffPolicyPage from '../../app/routes/staff+/policies.$policyId._index/route'
import * as staffRefundPage from '../../app/routes/staff+/policies.$policyId.refund'
import * as staffRefundList from '../../app/routes/staff+/finance.refunds'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import { startWorker } from '../setup/worker'
import { amendedInput, amendmentRow, openTask } from '../setup/amendments'
import { formatCents } from '../../domain/shared/format'

const aud = (cents: number) => formatCents(cents)

const AGENCY_FIN = '/agencies/finance-management'
const AGENCY_POLICY = '/agencies/policy-management'
const OSHC_FIN = '/oshc/finance-management'
const OSHC_POLICY = '/oshc/policy-management'
const ORIGIN = 'http://test.local'

let stopWorker: () => Promise<void>
let admin: string
let checker: string
let clerk: string
let seq = 0

beforeAll(async () => {
  stopWorker = await startWorker()
  admin = await staffToken()
  checker = await staffWith(['finance'])
  clerk = await staffWith(['policy_management'])
})
afterAll(() => stopWorker())

async function uploadedFile(agencyId: number | null, name = 'visa-refusal.pdf') {
  const key = `private/refund-${Date.now().toString(36)}-${++seq}-${name}`
  await getDb().insert(files).values({
    key,
    folder: 'private',
    filename: name,
    content_type: 'application/pdf',
    size: 10,
    agency_id: agencyId,
    uploaded_at: new Date(),
  })
  return key
}

/** An agency with its token and one policy at `status`. */
async function agencyPolicy(status: Parameters<typeof createPolicy>[1]['status'] = 'PAYMENT_APPROVED') {
  const { agency, token } = await agencyWithToken()
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status })
  return { agency, token, policy }
}

const requestRefund = (
  token: string,
  policyId: number,
  body: unknown = { full_refund_requested_reason: 'Visa refused' },
) => api('POST', `${AGENCY_FIN}/requestForFullRefund/${policyId}`, { token, body })

describe('requestForFullRefund', () => {
  it('needs a reason (the spec message on the field) and refuses unknown file keys', async () => {
    const { token, policy } = await agencyPolicy()
    const none = await requestRefund(token, policy.id, {})
    expect(none.status).toBe(400)
    expect(none.body.errors).toEqual({
      full_refund_requested_reason: ['full_refund_requested_reason is required'],
    })
    const blank = await requestRefund(token, policy.id, { full_refund_requested_reason: '   ' })
    expect(blank.status).toBe(400)
    const badFile = await requestRefund(token, policy.id, {
      full_refund_requested_reason: 'Visa refused',
      files: ['private/nothing-here.pdf'],
    })
    expect(badFile.status).toBe(400)
    expect(badFile.body.errors).toEqual({ files: ['File not found'] })
  })

  it("answers 404 for another agency's policy, and 409 for an unpaid policy or a second request", async () => {
    const mine = await agencyPolicy()
    const other = await agencyWithToken()
    expect((await requestRefund(other.token, mine.policy.id)).status).toBe(404)
    const unpaid = await agencyPolicy('INITIATED')
    expect((await requestRefund(unpaid.token, unpaid.policy.id)).status).toBe(409)
    const pending = await agencyPolicy('PURCHASED')
    expect((await requestRefund(pending.token, pending.policy.id)).status).toBe(409)
    // Bought now, paid later and not settled yet: nothing was paid, nothing to refund.
    const bnpl = await agencyPolicy('PAYMENT_BY_BUY_NOW_PAY_LATER')
    await getDb().insert(policyPremiumPayments).values({
      policy_id: bnpl.policy.id,
      agency_id: bnpl.agency.id,
      amount: bnpl.policy.premium!,
      payment_type: 'BNPL',
      status: 'PENDING_CREDIT_PAYMENT',
    })
    const unsettled = await requestRefund(bnpl.token, bnpl.policy.id)
    expect(unsettled.status).toBe(409)
    expect(unsettled.body.message).toBe('Only a paid policy can be refunded')
    // Once settled (premium PAID) it may be refunded.
    await getDb()
      .update(policyPremiumPayments)
      .set({ status: 'PAID' })
      .where(eq(policyPremiumPayments.policy_id, bnpl.policy.id))
    expect((await requestRefund(bnpl.token, bnpl.policy.id)).status).toBe(201)
    const first = await requestRefund(mine.token, mine.policy.id)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.data).toMatchObject({
      status: 'REQUESTED',
      full_refund_requested_reason: 'Visa refused',
    })
    const again = await requestRefund(mine.token, mine.policy.id)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('A full refund of this policy is already open')
    const [p] = await getDb().select().from(policies).where(eq(policies.id, mine.policy.id))
    expect(p).toMatchObject({
      status: 'FULL_REFUND_REQUESTED',
      cancellation_request_status: 'REQUESTED_FOR_CANCELLATION',
      full_refund_requested_reason: 'Visa refused',
    })
  })

  it('keeps the documents as REFUND_DOCUMENT files; the agency may remove one only while the request waits', async () => {
    const { agency, token, policy } = await agencyPolicy()
    const key = await uploadedFile(agency.id)
    const key2 = await uploadedFile(agency.id, 'withdrawal.pdf')
    const r = await requestRefund(token, policy.id, {
      full_refund_requested_reason: 'Course cancelled',
      files: [key, key2],
    })
    expect(r.status).toBe(201)
    const list = await api('GET', `${AGENCY_FIN}/policies/getFullRequestRefundFiles/${policy.id}`, { token })
    expect(list.status).toBe(200)
    expect(list.body.data.map((f: any) => f.name).sort()).toEqual(['visa-refusal.pdf', 'withdrawal.pdf'])
    expect(list.body.data[0]).toMatchObject({ file_type: 'REFUND_DOCUMENT', full_refund_id: r.body.data.id })
    const other = await agencyWithToken()
    const fileId = list.body.data[0].id
    expect(
      (await api('DELETE', `${AGENCY_POLICY}/refund-document/${fileId}`, { token: other.token })).status,
    ).toBe(404)
    expect(
      (
        await api('GET', `${AGENCY_FIN}/policies/getFullRequestRefundFiles/${policy.id}`, {
          token: other.token,
        })
      ).status,
    ).toBe(404)
    const del = await api('DELETE', `${AGENCY_POLICY}/refund-document/${fileId}`, { token })
    expect(del.status).toBe(200)
    expect((await api('DELETE', `${AGENCY_POLICY}/refund-document/${fileId}`, { token })).status).toBe(404)
    // Once staff set the amounts the documents stay.
    const init = await api('POST', `${OSHC_FIN}/initiateFullRefund/${policy.id}`, {
      token: admin,
      body: {
        refundable_premium_amount: policy.premium! / 100,
        deductable_commission_amount: 0,
        is_full_refund: true,
      },
    })
    expect(init.status, JSON.stringify(init.body)).toBe(200)
    const last = list.body.data[1].id
    const late = await api('DELETE', `${AGENCY_POLICY}/refund-document/${last}`, { token })
    expect(late.status).toBe(409)
  })
})

describe('staff decisions through the API', () => {
  it('initiates (amounts in AUD, limits on the fields), approves by another staff member by balance, and serves the receipts', async () => {
    const { agency, token, policy } = await agencyPolicy()
    await requestRefund(token, policy.id)
    const premium = policy.premium! / 100
    const tooMuch = await api('POST', `${OSHC_FIN}/initiateFullRefund/${policy.id}`, {
      token: admin,
      body: {
        refundable_premium_amount: premium + 1,
        deductable_commission_amount: 0,
        is_full_refund: false,
      },
    })
    expect(tooMuch.status).toBe(400)
    expect(Object.keys(tooMuch.body.errors)).toEqual(['refundable_premium_amount'])
    const badAmount = await api('POST', `${OSHC_FIN}/initiateFullRefund/${policy.id}`, {
      token: admin,
      body: { refundable_premium_amount: '12.345', deductable_commission_amount: -1 },
    })
    expect(badAmount.status).toBe(400)
    expect(Object.keys(badAmount.body.errors).sort()).toEqual([
      'deductable_commission_amount',
      'refundable_premium_amount',
    ])
    const agencyCannot = await api('POST', `${OSHC_FIN}/initiateFullRefund/${policy.id}`, {
      token,
      body: { refundable_premium_amount: premium, deductable_commission_amount: 0 },
    })
    expect(agencyCannot.status).toBe(403)
    const init = await api('POST', `${OSHC_FIN}/initiateFullRefund/${policy.id}`, {
      token: admin,
      body: {
        refundable_premium_amount: premium,
        deductable_commission_amount: '10.00',
        is_full_refund: true,
      },
    })
    expect(init.status, JSON.stringify(init.body)).toBe(200)
    expect(init.body.data).toMatchObject({
      status: 'INITIATED',
      refundable_premium_amount: premium,
      deductable_commission_amount: 10,
      refund_amount: Math.round((premium - 10) * 100) / 100,
    })
    // The agency sees the amounts on its policy page's call.
    const seen = await api('GET', `${AGENCY_POLICY}/getPolicyCancellationDetailsForAgency/${policy.id}`, {
      token,
    })
    expect(seen.body.data.full_refund).toMatchObject({
      status: 'INITIATED',
      deductable_commission_amount: 10,
    })
    // Maker-checker, then the receipt is 404 until paid.
    const own = await api('POST', `${OSHC_FIN}/approveFullRefundRequest/${policy.id}`, {
      token: admin,
      query: { payment_method: 'AGENCY_BALANCE' },
    })
    expect(own.status).toBe(403)
    expect(
      (await api('GET', `${OSHC_FIN}/getFullRefundPolicyDetailReceipt/${policy.id}`, { token: admin }))
        .status,
    ).toBe(404)
    const noProof = await api('POST', `${OSHC_FIN}/approveFullRefundRequest/${policy.id}`, {
      token: checker,
      query: { payment_method: 'BANK' },
    })
    expect(noProof.status).toBe(400)
    expect(noProof.body.errors).toEqual({ payment_url: ['payment_url is required'] })
    const ok = await api('POST', `${OSHC_FIN}/approveFullRefundRequest/${policy.id}`, {
      token: checker,
      query: { payment_method: 'AGENCY_BALANCE' },
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data).toMatchObject({ status: 'COMPLETED', payment_method: 'AGENCY_BALANCE' })
    const ledger = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(eq(agencyBalanceTransactions.agency_id, agency.id))
    expect(ledger.map((l) => [l.type, l.transaction_amount])).toEqual([
      ['POLICY_PREMIUM_REFUNDED', policy.premium! - 1000],
    ])
    const staffReceipt = await api('GET', `${OSHC_FIN}/getFullRefundPolicyDetailReceipt/${policy.id}`, {
      token: admin,
    })
    expect(staffReceipt.status).toBe(200)
    expect(staffReceipt.body.data).toMatchObject({
      refundable_premium_amount: premium,
      deductable_commission_amount: 10,
      payment_method: 'AGENCY_BALANCE',
      currency: 'AUD',
    })
    const agencyReceipt = await api(
      'GET',
      `${AGENCY_FIN}/getFullRefundPolicyDetailReceiptForAgency/${policy.id}`,
      { token },
    )
    expect(agencyReceipt.body.data.receipt_id).toBe(staffReceipt.body.data.receipt_id)
    const other = await agencyWithToken()
    expect(
      (
        await api('GET', `${AGENCY_FIN}/getFullRefundPolicyDetailReceiptForAgency/${policy.id}`, {
          token: other.token,
        })
      ).status,
    ).toBe(404)
    // A second approval is a 409.
    const twice = await api('POST', `${OSHC_FIN}/approveFullRefundRequest/${policy.id}`, {
      token: checker,
      query: { payment_method: 'AGENCY_BALANCE' },
    })
    expect(twice.status).toBe(409)
  })

  it('issue 22 finding 1: after an amendment credited part of the premium, a full refund returns exactly the rest (never the difference twice)', async () => {
    const { agency, token, policy } = await agencyPolicy()
    const paid = policy.premium!
    // The agency shortens the cover; staff confirm the repriced premium; the agency accepts: credited.
    const opened = await api('POST', `${AGENCY_POLICY}/initiateAmendment`, {
      token,
      body: await amendedInput(policy.id, 'fall'),
    })
    expect(opened.status, JSON.stringify(opened.body)).toBe(201)
    const id = opened.body.data.amendment_id
    await openTask(id, 'amendment_confirm_premium_by_admin')
    const confirmed = await api('POST', `${OSHC_POLICY}/updateAmmendmentPolicyById`, {
      token: admin,
      body: { id, is_premium_confirmed_by_admin: true },
    })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    const a = await amendmentRow(id)
    await api('POST', `${AGENCY_POLICY}/updatePolicyPremium/${id}`, {
      token,
      body: { premium: a.new_premium / 100, allow_payment: true },
    })
    await openTask(id, 'amendment_issue_certificate')
    const credit = paid - a.new_premium
    expect(credit).toBeGreaterThan(0)
    const up = await api('POST', `${OSHC_POLICY}/uploadPolicyCertificate/${policy.id}`, {
      token: admin,
      body: {
        certificate_url: await uploadedFile(null, 'cert.pdf'),
        certificate_name: 'cert.pdf',
        membership_number: 'M-22',
      },
    })
    expect(up.status, JSON.stringify(up.body)).toBe(200)

    expect((await requestRefund(token, policy.id)).status).toBe(201)
    const whole = await api('POST', `${OSHC_FIN}/initiateFullRefund/${policy.id}`, {
      token: admin,
      body: { refundable_premium_amount: paid / 100, deductable_commission_amount: 0, is_full_refund: true },
    })
    expect(whole.status).toBe(400)
    expect(whole.body.errors.refundable_premium_amount).toEqual([
      `refundable_premium_amount cannot exceed the premium received and not yet returned (${aud(a.new_premium)})`,
    ])
    const short = await api('POST', `${OSHC_FIN}/initiateFullRefund/${policy.id}`, {
      token: admin,
      body: { refundable_premium_amount: 1, deductable_commission_amount: 0, is_full_refund: true },
    })
    expect(short.status).toBe(400)
    expect(short.body.errors.refundable_premium_amount).toEqual([
      `A full refund returns the premium received and not yet returned (${aud(a.new_premium)})`,
    ])
    const init = await api('POST', `${OSHC_FIN}/initiateFullRefund/${policy.id}`, {
      token: admin,
      body: {
        refundable_premium_amount: a.new_premium / 100,
        deductable_commission_amount: 0,
        is_full_refund: true,
      },
    })
    expect(init.status, JSON.stringify(init.body)).toBe(200)
    const ok = await api('POST', `${OSHC_FIN}/approveFullRefundRequest/${policy.id}`, {
      token: checker,
      query: { payment_method: 'AGENCY_BALANCE' },
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    // Returned in all: exactly what was paid.
    const ledger = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(eq(agencyBalanceTransactions.agency_id, agency.id))
    expect(ledger.map((l) => [l.type, l.transaction_amount])).toEqual([
      ['AMENDMENT_PAYMENT_RECEIVED', credit],
      ['POLICY_PREMIUM_REFUNDED', a.new_premium],
    ])
    expect(ledger.reduce((s, l) => s + l.transaction_amount, 0)).toBe(paid)
  })

  it('rejects with a reason (required), and lists refunds on both sides, each agency only its own', async () => {
    const { token, policy } = await agencyPolicy()
    await requestRefund(token, policy.id, { full_refund_requested_reason: 'Changed plans' })
    const missing = await api('POST', `${OSHC_FIN}/rejectFullRefundRequest`, {
      token: admin,
      body: { policy_id: policy.id },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ rejectionReason: ['Rejection reason is required'] })
    const staffList = await api('GET', `${OSHC_FIN}/getFullRefundRequestedPolicies`, {
      token: admin,
      query: { search: policy.ref, status: 'REQUESTED' },
    })
    expect(staffList.status).toBe(200)
    expect(staffList.body.data.map((r: any) => r.policy_id)).toEqual([policy.id])
    expect(staffList.body.pageInfo).toMatchObject({ page: 1, total: 1 })
    const rej = await api('POST', `${OSHC_FIN}/rejectFullRefundRequest`, {
      token: admin,
      body: { policy_id: policy.id, rejectionReason: 'Policy already used' },
    })
    expect(rej.status, JSON.stringify(rej.body)).toBe(200)
    expect(rej.body.data).toMatchObject({ status: 'REJECTED', rejection_reason: 'Policy already used' })
    const mine = await api('GET', `${AGENCY_FIN}/policies/getFullRefundRequestedPolicies`, { token })
    expect(mine.body.data.map((r: any) => [r.policy_id, r.status])).toEqual([[policy.id, 'REJECTED']])
    const other = await agencyWithToken()
    const theirs = await api('GET', `${AGENCY_FIN}/policies/getFullRefundRequestedPolicies`, {
      token: other.token,
    })
    expect(theirs.body.data).toEqual([])
    const details = await api('GET', `${OSHC_FIN}/getFullRefundPolicyDetails/${policy.id}`, { token: admin })
    expect(details.status).toBe(200)
    expect(details.body.data.full_refund.status).toBe('REJECTED')
    expect(details.body.data.history.map((h: any) => h.action)).toEqual([
      'requestFullRefund',
      'rejectFullRefund',
    ])
    expect(details.body.data.premium_paid).toBe(policy.premium! / 100)
    expect((await api('GET', `${OSHC_FIN}/getFullRefundPolicyDetails/${policy.id}`, { token })).status).toBe(
      403,
    )
    const badSort = await api('GET', `${OSHC_FIN}/getFullRefundRequestedPolicies`, {
      token: admin,
      query: { sort_key: 'x' },
    })
    expect(badSort.status).toBe(400)
  })
})

describe('cancellation', () => {
  it('policyCancellationApprove answers 403 with is_payment_verification_pending before anything else', async () => {
    // Bought by bank transfer, not verified yet; no refund requested; the body is not even valid.
    const { policy } = await agencyPolicy('PURCHASED')
    const r = await api('POST', `${OSHC_FIN}/policyCancellationApprove/${policy.id}`, {
      token: admin,
      body: { refund_method: 'NOT_A_METHOD' },
    })
    expect(r.status).toBe(403)
    expect(r.body).toMatchObject({ success: false, is_payment_verification_pending: true })
    expect(typeof r.body.message).toBe('string')
    // Without the pending payment the same call meets the other preconditions (bad input: 400).
    await getDb()
      .update(policyPremiumPayments)
      .set({ status: 'REJECTED' })
      .where(eq(policyPremiumPayments.policy_id, policy.id))
    const next = await api('POST', `${OSHC_FIN}/policyCancellationApprove/${policy.id}`, {
      token: admin,
      body: { refund_method: 'NOT_A_METHOD' },
    })
    expect(next.status).toBe(400)
    expect(next.body.is_payment_verification_pending).toBeUndefined()
  })

  it('ticks the seeded steps (idempotent) to READY_FOR_CANCELLATION, then approves with NO_REFUND', async () => {
    const { token, policy } = await agencyPolicy('CERTIFICATE_ISSUED')
    const steps = await api('GET', `${OSHC_FIN}/cancellation-steps/${policy.id}`, { token: admin })
    expect(steps.status).toBe(200)
    expect(steps.body.data.map((s: any) => [s.name, s.is_done])).toEqual([
      ['Cancellation request sent to the provider', false],
      ['Provider confirmed the cancellation', false],
      ['Visa office notified', false],
      ['Funds received from the provider', false],
    ])
    const tick = (stepId: number, who = clerk) =>
      api('POST', `${OSHC_POLICY}/${policy.id}/cancellation-step/${stepId}`, { token: who })
    const ids: number[] = steps.body.data.map((s: any) => s.id)
    // No cancellation requested yet.
    expect((await tick(ids[0])).status).toBe(409)
    // Ticking needs policy_management.
    expect((await tick(ids[0], checker)).status).toBe(403)
    expect((await tick(999_999)).status).toBe(404)
    await requestRefund(token, policy.id)
    const early = await api('POST', `${OSHC_FIN}/policyCancellationApprove/${policy.id}`, {
      token: admin,
      body: { refund_method: 'NO_REFUND' },
    })
    expect(early.status).toBe(409)
    for (const id of ids.slice(0, 3)) expect((await tick(id)).status).toBe(200)
    const again = await tick(ids[0])
    expect(again.status).toBe(200)
    expect(again.body.data.cancellation_request_status).toBe('REQUESTED_FOR_CANCELLATION')
    const last = await tick(ids[3])
    expect(last.body.data.cancellation_request_status).toBe('READY_FOR_CANCELLATION')
    expect(last.body.data.steps.every((s: any) => s.is_done)).toBe(true)
    const forAgency = await api(
      'GET',
      `${AGENCY_POLICY}/getPolicyCancellationDetailsForAgency/${policy.id}`,
      { token },
    )
    expect(forAgency.body.data).toMatchObject({
      cancellation_request_status: 'READY_FOR_CANCELLATION',
      no_refund: false,
    })
    expect(forAgency.body.data.steps[0].done_by).toBeUndefined()
    const other = await agencyWithToken()
    expect(
      (
        await api('GET', `${AGENCY_POLICY}/getPolicyCancellationDetailsForAgency/${policy.id}`, {
          token: other.token,
        })
      ).status,
    ).toBe(404)
    const badDate = await api('POST', `${OSHC_FIN}/policyCancellationApprove/${policy.id}`, {
      token: admin,
      body: { refund_method: 'NO_REFUND', policy_cancellation_date: '2027/03/01' },
    })
    expect(badDate.status).toBe(400)
    const ok = await api('POST', `${OSHC_FIN}/policyCancellationApprove/${policy.id}`, {
      token: admin,
      body: { refund_method: 'NO_REFUND', policy_cancellation_date: '2027-03-01' },
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data).toMatchObject({
      no_refund: true,
      refund_method: 'NO_REFUND',
      policy_cancellation_date: '2027-03-01',
      cancellation_request_status: 'IN_CANCELLATION',
    })
    const staffView = await api('GET', `${OSHC_POLICY}/getPolicyCancellationDetails/${policy.id}`, {
      token: clerk,
    })
    expect(staffView.body.data).toMatchObject({
      cancellation_request_status: 'IN_CANCELLATION',
      no_refund: true,
    })
    expect(staffView.body.data.steps[0].done_by).not.toBeUndefined()
    const twice = await api('POST', `${OSHC_FIN}/policyCancellationApprove/${policy.id}`, {
      token: admin,
      body: { refund_method: 'GROSS_REFUND' },
    })
    expect(twice.status).toBe(409)
  })
})

describe('retryFullRefundPayment', () => {
  it('pays an approved refund whose payment failed and whose run ended, once; any other refund is a 409', async () => {
    const { agency, token, policy } = await agencyPolicy()
    await requestRefund(token, policy.id)
    const retry = () => api('POST', `${OSHC_FIN}/retryFullRefundPayment/${policy.id}`, { token: checker })
    const early = await retry()
    expect(early.status).toBe(409)
    expect(early.body.message).toBe(
      'This full refund is REQUESTED; only an approved refund whose payment failed is paid again',
    )
    const premium = policy.premium! / 100
    const init = await api('POST', `${OSHC_FIN}/initiateFullRefund/${policy.id}`, {
      token: admin,
      body: { refundable_premium_amount: premium, deductable_commission_amount: 0, is_full_refund: true },
    })
    expect(init.status).toBe(200)
    // As after an approval whose payment failed for good: the refund APPROVED, its run over.
    const handle = (await temporalClient()).workflow.getHandle(`full-refund-${policy.id}`)
    await handle.terminate('the payment failed for good')
    // Approved by the checker: admin initiated it, and the money writer refuses a maker's credit.
    const by = await actorForToken(checker)
    const decider = { id: by && 'identityId' in by ? by.identityId : 0 }
    await getDb()
      .update(fullRefunds)
      .set({ status: 'APPROVED', payment_method: 'AGENCY_BALANCE', decided_by: decider.id })
      .where(eq(fullRefunds.policy_id, policy.id))
    await getDb().update(policies).set({ status: 'FULL_REFUND_APPROVED' }).where(eq(policies.id, policy.id))

    expect((await api('POST', `${OSHC_FIN}/retryFullRefundPayment/${policy.id}`, { token })).status).toBe(403)
    const paid = await retry()
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(paid.body.data).toMatchObject({ status: 'COMPLETED', refund_amount: premium })
    const [balance] = await getDb()
      .select({ balance: agencyBalances.balance })
      .from(agencyBalances)
      .where(eq(agencyBalances.agency_id, agency.id))
    expect(Number(balance.balance)).toBe(policy.premium)
    const again = await retry()
    expect(again.status).toBe(409)
  })
})

it('documents every refund and cancellation call in the OpenAPI document, as spelt', async () => {
  const r = await api('GET', '/openapi.json')
  expect(Object.keys(r.body.paths)).toEqual(
    expect.arrayContaining([
      `/api${AGENCY_FIN}/requestForFullRefund/{policyId}`,
      `/api${AGENCY_FIN}/policies/getFullRefundRequestedPolicies`,
      `/api${AGENCY_FIN}/policies/getFullRequestRefundFiles/{policy_id}`,
      `/api${AGENCY_FIN}/getFullRefundPolicyDetailReceiptForAgency/{policy_id}`,
      `/api${AGENCY_POLICY}/refund-document/{id}`,
      `/api${AGENCY_POLICY}/getPolicyCancellationDetailsForAgency/{policyId}`,
      `/api${OSHC_FIN}/initiateFullRefund/{policyId}`,
      `/api${OSHC_FIN}/approveFullRefundRequest/{policyId}`,
      `/api${OSHC_FIN}/rejectFullRefundRequest`,
      `/api${OSHC_FIN}/retryFullRefundPayment/{policyId}`,
      `/api${OSHC_FIN}/policyCancellationApprove/{policyId}`,
      `/api${OSHC_FIN}/cancellation-steps/{policy_id}`,
      `/api${OSHC_FIN}/getFullRefundRequestedPolicies`,
      `/api${OSHC_FIN}/getFullRefundPolicyDetails/{policy_id}`,
      `/api${OSHC_FIN}/getFullRefundPolicyDetailReceipt/{policy_id}`,
      `/api${OSHC_POLICY}/{policyId}/cancellation-step/{cancellationStepId}`,
      `/api${OSHC_POLICY}/getPolicyCancellationDetails/{policyId}`,
    ]),
  )
})

describe('screens (in-process)', () => {
  const cookie = (token: string) => ({ cookie: `oshc_session=${token}` })
  const get = (path: string, token: string) => new Request(`${ORIGIN}${path}`, { headers: cookie(token) })
  const post = (path: string, token: string, form: FormData) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      body: form,
      headers: { ...cookie(token), origin: ORIGIN },
    })
  const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} })
  const body = <T>(answer: T) => ((answer as { data?: unknown }).data ?? answer) as any

  it('the agency asks for a refund from its policy page; staff set amounts, approve and see it in the refunds list', async () => {
    const { token, policy } = await agencyPolicy()
    const params = { policyId: String(policy.id) }
    const page = body(
      await agencyPolicyPage.loader(args(get(`/agency/policies/${policy.id}`, token), params)),
    )
    expect(page.refund.canRequest).toBe(true)
    expect(page.refund.view.refund).toBeNull()

    const empty = new FormData()
    empty.set('intent', 'request')
    empty.set('full_refund_requested_reason', '')
    const refused = await agencyRefundPage.action(
      args(post(`/agency/policies/${policy.id}/refund`, token, empty), params),
    )
    expect((refused as any).init?.status).toBe(400)
    // The page names the field as its label does (the API keeps the specification's message).
    expect(body(refused).error.full_refund_requested_reason).toEqual(['Write the reason for the refund'])

    const form = new FormData()
    form.set('intent', 'request')
    form.set('full_refund_requested_reason', 'Student left Australia')
    form.append(
      'files',
      new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a])], 'letter.pdf', {
        type: 'application/pdf',
      }),
    )
    const sent = await agencyRefundPage.action(
      args(post(`/agency/policies/${policy.id}/refund`, token, form), params),
    )
    expect((sent as Response).status).toBe(302)
    const after = body(
      await agencyPolicyPage.loader(args(get(`/agency/policies/${policy.id}`, token), params)),
    )
    expect(after.refund.canRequest).toBe(false)
    expect(after.refund.view.refund).toMatchObject({ status: 'REQUESTED', reason: 'Student left Australia' })
    expect(after.refund.view.files.map((f: any) => f.name)).toEqual(['letter.pdf'])

    // Staff: the section on the policy page, the amounts form, then another staff member approves.
    const staffPage = body(
      await staffPolicyPage.loader(args(get(`/staff/policies/${policy.id}`, admin), params)),
    )
    expect(staffPage.refund).toMatchObject({ canFinance: true, canManage: true })
    expect(staffPage.refund.view.cancellation.steps).toHaveLength(4)
    const init = new FormData()
    init.set('intent', 'initiate')
    init.set('refundable_premium_amount', String(policy.premium! / 100))
    init.set('deductable_commission_amount', '0')
    init.set('is_full_refund', 'on')
    const initiated = await staffRefundPage.action(
      args(post(`/staff/policies/${policy.id}/refund`, admin, init), params),
    )
    expect((initiated as Response).status).toBe(302)
    const approve = new FormData()
    approve.set('intent', 'approve')
    approve.set('payment_method', 'AGENCY_BALANCE')
    const own = await staffRefundPage.action(
      args(post(`/staff/policies/${policy.id}/refund`, admin, approve), params),
    )
    expect((own as any).init?.status).toBe(403)
    const approved = await staffRefundPage.action(
      args(post(`/staff/policies/${policy.id}/refund`, checker, approve), params),
    )
    expect((approved as Response).status).toBe(302)
    const done = body(
      await agencyPolicyPage.loader(args(get(`/agency/policies/${policy.id}`, token), params)),
    )
    expect(done.refund.view.refund).toMatchObject({ status: 'COMPLETED', net: policy.premium! / 100 })

    const list = body(
      await staffRefundList.loader(args(get(`/staff/finance/refunds?search=${policy.ref}`, admin))),
    )
    expect(list.rows.map((r: any) => [r.ref, r.status, r.refund_amount])).toEqual([
      [policy.ref, 'COMPLETED', policy.premium! / 100],
    ])
    const loaded = body(
      await staffRefundPage.loader(args(get(`/staff/policies/${policy.id}/refund`, admin), params)),
    )
    expect(loaded.view.history.map((h: any) => h.action)).toContain('completeFullRefund')
  })

  it('staff tick the checklist and approve the cancellation from the policy page', async () => {
    const { token, policy } = await agencyPolicy()
    await requestRefund(token, policy.id)
    const params = { policyId: String(policy.id) }
    const view = body(
      await staffRefundPage.loader(args(get(`/staff/policies/${policy.id}/refund`, admin), params)),
    )
    for (const s of view.view.cancellation.steps) {
      const f = new FormData()
      f.set('intent', 'tick')
      f.set('step_id', String(s.id))
      const r = await staffRefundPage.action(
        args(post(`/staff/policies/${policy.id}/refund`, clerk, f), params),
      )
      expect((r as Response).status).toBe(302)
    }
    const f = new FormData()
    f.set('intent', 'approve-cancellation')
    f.set('refund_method', 'GROSS_REFUND')
    const r = await staffRefundPage.action(
      args(post(`/staff/policies/${policy.id}/refund`, admin, f), params),
    )
    expect((r as Response).status).toBe(302)
    const after = body(
      await agencyRefundPage.loader(args(get(`/agency/policies/${policy.id}/refund`, token), params)),
    )
    expect(after.view.cancellation).toMatchObject({ status: 'IN_CANCELLATION', refundMethod: 'GROSS_REFUND' })
  })
})
