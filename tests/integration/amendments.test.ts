import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalances,
  agencyConfigurations,
  amendmentPayments,
  amendments,
  cardPayments,
  clawbacks,
  commissions,
  files,
  invoices,
  policies,
  policyHistories,
  policyPremiumPayments,
  tasks,
} from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { priceOf, withoutGst, percentOf } from '../../domain/quotes/pricing.rules'
import { toCents } from '../../domain/shared/money'
import { RATE_CARDS } from '../../db/seed/reference'
import * as agencyPage from '../../app/routes/agency+/policies.$policyId.amendment/route'
import * as staffPage from '../../app/routes/staff+/policies.$policyId.amendment/route'
import * as listPage from '../../app/routes/staff+/policies.amendments'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import { amendedInput, amendmentRow, openTask, policyRow } from '../setup/amendments'
import { eventually } from '../setup/eventually'
import { startWorker } from '../setup/worker'
import { temporalClient } from '../../temporal/client'

const AP = '/agencies/policy-management'
const AF = '/agencies/finance-management'
const SP = '/oshc/policy-management'
const SF = '/oshc/finance-management'
const ORIGIN = 'http://test.local'

let stop: () => Promise<void>
let admin: string
let finance: string
/** A second staff member who may confirm a premium set by someone else (policy_management + finance). */
let checker: string
let seq = 0

beforeAll(async () => {
  stop = await startWorker()
  admin = await staffToken()
  finance = await staffWith(['finance'])
  checker = await staffWith(['policy_management', 'finance'])
})
afterAll(() => stop())

async function uploaded(agencyId: number | null, name = 'doc.pdf') {
  const key = `private/amend-${Date.now().toString(36)}-${++seq}-${name}`
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

/** An agency (token) with one paid SINGLE nib policy. */
async function agencyWithPaidPolicy() {
  const { agency, token } = await agencyWithToken()
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })
  return { agency, token, policy }
}

/** The premium of nib cover from 2027-02-01 to `end` for `type`, as the server prices it (no offer). */
function expectedPremium(type: 0 | 1, end: string) {
  return priceOf({
    monthlyRateCents: toCents(RATE_CARDS[1][type]),
    startDate: '2027-02-01',
    endDate: end,
    gstRate: '10.00',
    commissionRate: '10.00',
    offerRate: null,
  }).premium
}

describe('amendments through the API', () => {
  it('updateStudentDetails with amendment_note on a paid policy opens an amendment, repriced, payer AGENCY when it rises', async () => {
    const p = await agencyWithPaidPolicy()
    const before = await policyRow(p.policy.id)
    const r = await api('POST', `${AP}/updateStudentDetails`, {
      token: p.token,
      body: await amendedInput(p.policy.id, 'rise'),
    })
    expect(r.status).toBe(200)
    const d = r.body.data
    const newPremium = expectedPremium(1, '2028-01-31')
    expect(d).toMatchObject({
      policyId: p.policy.id,
      old_premium: before.premium! / 100,
      new_premium: newPremium / 100,
      payer: 'AGENCY',
      is_premium_increase: true,
      is_personal_details_changed: true,
      is_policy_details_changed: true,
      next_step: 'CONFIRM_PREMIUM_BY_ADMIN',
      status: 'INITIATED',
      invoice_id: null,
    })
    expect(d.amendment_id).toEqual(expect.any(Number))
    const a = await amendmentRow(d.amendment_id)
    expect(a.changed_premium).toBe(newPremium - before.premium!)
    expect(a.new_commission).toBe(percentOf(withoutGst(newPremium, '10.00'), '10.00'))
    expect((a.data as { policy: { policy_type: string } }).policy.policy_type).toBe('COUPLE')
    // The policy keeps its data while the amendment is open.
    expect(await policyRow(p.policy.id)).toMatchObject({ policy_type: 'SINGLE', premium: before.premium })
    // One open amendment per policy.
    const again = await api('POST', `${AP}/initiateAmendment`, {
      token: p.token,
      body: await amendedInput(p.policy.id, 'fall'),
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(`Amendment #${d.amendment_id} of this policy is still open`)
    await openTask(d.amendment_id, 'amendment_confirm_premium_by_admin')
  })

  it('a fall makes OSHC the payer; an unpaid policy or no change is a 409', async () => {
    const p = await agencyWithPaidPolicy()
    const r = await api('POST', `${AP}/initiateAmendment`, {
      token: p.token,
      body: await amendedInput(p.policy.id, 'fall'),
    })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({
      payer: 'OSHC',
      is_premium_increase: false,
      is_personal_details_changed: false,
      is_policy_details_changed: true,
    })
    expect(r.body.data.new_premium).toBe(expectedPremium(0, '2027-07-31') / 100)

    const q = await agencyWithPaidPolicy()
    const same = await api('POST', `${AP}/initiateAmendment`, {
      token: q.token,
      body: {
        ...(await amendedInput(q.policy.id, 'rename')),
        customer: (await amendedInput(q.policy.id, 'fall')).customer,
      },
    })
    expect(same.status).toBe(409)
    const { policy: unpaid } = await createPolicy(getDb(), { agencyId: q.agency.id, status: 'INITIATED' })
    const notPaid = await api('POST', `${AP}/initiateAmendment`, {
      token: q.token,
      body: await amendedInput(unpaid.id, 'rename'),
    })
    expect(notPaid.status).toBe(409)
  })

  it("another agency's amendment or policy is a 404", async () => {
    const p = await agencyWithPaidPolicy()
    const opened = await api('POST', `${AP}/initiateAmendment`, {
      token: p.token,
      body: await amendedInput(p.policy.id, 'rename'),
    })
    const id = opened.body.data.amendment_id
    const other = await agencyWithToken()
    expect((await api('GET', `${AP}/getAmendmentDetails/${id}`, { token: other.token })).status).toBe(404)
    expect(
      (await api('GET', `${AP}/getPolicyAmmendmentsHistory/${p.policy.id}`, { token: other.token })).status,
    ).toBe(404)
    const foreign = await api('POST', `${AP}/updatePolicyPremium/${id}`, {
      token: other.token,
      body: { premium: 1, allow_payment: true },
    })
    expect(foreign.status).toBe(404)
    const steal = await api('POST', `${AP}/initiateAmendment`, {
      token: other.token,
      body: await amendedInput(p.policy.id, 'fall'),
    })
    expect(steal.status).toBe(404)
  })

  it('staff open with amendment_premium (invoice_id null), confirm (invoiceId), the agency must send the confirmed premium (409 otherwise), pays by bank, staff reject then approve', async () => {
    const p = await agencyWithPaidPolicy()
    const before = await policyRow(p.policy.id)
    const newPremium = before.premium! + 12345
    const opened = await api('POST', `${SP}/handlePolicyAmendment/${p.policy.id}`, {
      token: admin,
      body: { amendment_premium: (newPremium / 100).toFixed(2), amendment_note: 'Provider surcharge' },
    })
    expect(opened.status).toBe(201)
    expect(opened.body.data).toMatchObject({ invoice_id: null, payer: 'AGENCY', changed_premium: 123.45 })
    const id = opened.body.data.amendment_id
    await openTask(id, 'amendment_confirm_premium_by_admin')
    const byAgency = await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: admin,
      body: { id, is_premium_confirmed_by_agency: true },
    })
    expect(byAgency.status).toBe(400)
    const adjusted = await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: admin,
      body: { id, new_premium: (newPremium + 100) / 100 },
    })
    expect(adjusted.status).toBe(200)
    expect(adjusted.body.data.invoiceId).toBeNull()
    // admin set the figure: another finance staff member confirms it (maker-checker).
    const own = await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: admin,
      body: { id, is_premium_confirmed_by_admin: true },
    })
    expect(own.status).toBe(403)
    const confirmed = await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: checker,
      body: { id, is_premium_confirmed_by_admin: true },
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.data.invoiceId).toEqual(expect.any(Number))
    expect(confirmed.body.data.amendment).toMatchObject({
      next_step: 'CONFIRM_PREMIUM_BY_AGENCY',
      payable_amount: 124.45,
    })

    const wrong = await api('POST', `${AP}/updatePolicyPremium/${id}`, {
      token: p.token,
      body: { premium: newPremium / 100, allow_payment: true },
    })
    expect(wrong.status).toBe(409)
    expect(wrong.body.message).toMatch(/^The premium must equal the confirmed premium of A\$/)
    const ok = await api('POST', `${AP}/updatePolicyPremium/${id}`, {
      token: p.token,
      body: { premium: (newPremium + 100) / 100, allow_payment: true, note: 'Fine' },
    })
    expect(ok.status).toBe(200)
    await openTask(id, 'amendment_payment')
    const noDoc = await api('POST', `${AF}/ammendmentPayment/${id}`, {
      token: p.token,
      body: { payment_method: 'BANK' },
    })
    expect(noDoc.status).toBe(400)
    expect(noDoc.body.errors.bank_document).toEqual(['Bank document is required'])
    const paid = await api('POST', `${AF}/ammendmentPayment/${id}`, {
      token: p.token,
      body: { payment_method: 'BANK', bank_document: await uploaded(p.agency.id) },
    })
    expect(paid.status).toBe(200)
    await openTask(id, 'amendment_payment_approval')
    const noReason = await api('POST', `${SP}/rejectAmmendmentPaymentRequest/${id}`, {
      token: finance,
      body: {},
    })
    expect(noReason.status).toBe(400)
    const rejected = await api('POST', `${SP}/rejectAmmendmentPaymentRequest/${id}`, {
      token: finance,
      body: { rejection_reason: 'Wrong amount' },
    })
    expect(rejected.status).toBe(200)
    expect((await amendmentRow(id)).status).toBe('REJECTED')
    await openTask(id, 'amendment_payment')
    await api('POST', `${AF}/ammendmentPayment/${id}`, {
      token: p.token,
      body: { payment_method: 'BANK', bank_document: await uploaded(p.agency.id) },
    })
    await openTask(id, 'amendment_payment_approval')
    const approved = await api('POST', `${SF}/approveAmmendmentPaymentRequest/${id}`, { token: finance })
    expect(approved.status).toBe(200)
    expect(approved.body.data).toMatchObject({ status: 'COMPLETED', next_step: 'ISSUE_CERTIFICATE' })
    expect(approved.body.data.payments.map((x: any) => x.status)).toEqual(['COMPLETED', 'REJECTED'])
  })

  it('issue 22 finding 2: a staff-set premium below the repriced one is confirmed only by a second staff member holding finance; nothing is credited before', async () => {
    const p = await agencyWithPaidPolicy()
    const before = await policyRow(p.policy.id)
    const balance = async () =>
      Number(
        (await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, p.agency.id)))[0]
          ?.balance ?? 0,
      )
    const start = await balance()
    // One staff member holding only policy_management sets 300.00 on a policy repriced at its premium.
    const desk = await staffWith(['policy_management'])
    const opened = await api('POST', `${SP}/handlePolicyAmendment/${p.policy.id}`, {
      token: desk,
      body: { amendment_premium: 300, amendment_note: 'Goodwill' },
    })
    expect(opened.status, JSON.stringify(opened.body)).toBe(201)
    const id = opened.body.data.amendment_id
    expect(opened.body.data).toMatchObject({ payer: 'OSHC', new_premium: 300 })
    await openTask(id, 'amendment_confirm_premium_by_admin')
    const alone = await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: desk,
      body: { id, is_premium_confirmed_by_admin: true },
    })
    expect(alone.status).toBe(403)
    expect(alone.body.message).toBe(
      `The premium of A$300.00 was set by staff (repriced: A$${(before.premium! / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}), so a second staff member holding finance confirms it`,
    )
    // A finance holder who adjusts the figure is its maker and may not confirm it either.
    const adjuster = await staffWith(['policy_management', 'finance'])
    const adjusted = await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: adjuster,
      body: { id, new_premium: 310 },
    })
    expect(adjusted.status).toBe(200)
    const own = await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: adjuster,
      body: { id, is_premium_confirmed_by_admin: true },
    })
    expect(own.status).toBe(403)
    expect(own.body.message).toBe(
      'You created or last changed this record, so another finance staff member must approve it',
    )
    // Setting a new figure and confirming it at once is refused too.
    const setAndConfirm = await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: checker,
      body: { id, new_premium: 305, is_premium_confirmed_by_admin: true },
    })
    expect(setAndConfirm.status).toBe(403)
    expect(await amendmentRow(id)).toMatchObject({
      next_step: 'CONFIRM_PREMIUM_BY_ADMIN',
      new_premium: 31000,
    })
    expect(await balance()).toBe(start)

    const ok = await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: checker,
      body: { id, is_premium_confirmed_by_admin: true },
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data.amendment).toMatchObject({ next_step: 'CONFIRM_PREMIUM_BY_AGENCY', new_premium: 310 })
    expect(await balance()).toBe(start)
    const accepted = await api('POST', `${AP}/updatePolicyPremium/${id}`, {
      token: p.token,
      body: { premium: 310, allow_payment: true },
    })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(await balance()).toBe(start + before.premium! - 31000)
  })

  it('issue 22 finding 3: a fall on a policy bought by buy now, pay later and not settled lowers what is owed, not cash', async () => {
    const { agency, token } = await agencyWithToken()
    await getDb()
      .update(agencyConfigurations)
      .set({ is_buy_now_pay_later_enabled: true })
      .where(
        and(eq(agencyConfigurations.agency_id, agency.id), eq(agencyConfigurations.insurance_provider_id, 1)),
      )
    await getDb()
      .update(agencyBalances)
      .set({ buy_now_pay_later_amount: 2_000_000, buy_now_pay_later_remaining_amount: 2_000_000 })
      .where(eq(agencyBalances.agency_id, agency.id))
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const bought = await api('POST', `${AF}/purchasePolicy`, {
      token,
      body: { policy_id: policy.id, payment_type: 'BNPL' },
    })
    expect(bought.status, JSON.stringify(bought.body)).toBe(200)
    const premium = (await policyRow(policy.id)).premium!
    const balances = async () =>
      (await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, agency.id)))[0]
    expect(await balances()).toMatchObject({
      balance: 0,
      buy_now_pay_later_remaining_amount: 2_000_000 - premium,
    })

    const opened = await api('POST', `${AP}/initiateAmendment`, {
      token,
      body: await amendedInput(policy.id, 'fall'),
    })
    expect(opened.status, JSON.stringify(opened.body)).toBe(201)
    const id = opened.body.data.amendment_id
    await openTask(id, 'amendment_confirm_premium_by_admin')
    await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: admin,
      body: { id, is_premium_confirmed_by_admin: true },
    })
    const a = await amendmentRow(id)
    expect(a.payer).toBe('OSHC')
    const accepted = await api('POST', `${AP}/updatePolicyPremium/${id}`, {
      token,
      body: { premium: a.new_premium / 100, allow_payment: true },
    })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    // No cash: the BNPL amount owed is the new premium, the allowance given back by the difference.
    expect(await balances()).toMatchObject({
      balance: 0,
      buy_now_pay_later_remaining_amount: 2_000_000 - a.new_premium,
    })
    const [owed] = await getDb()
      .select()
      .from(policyPremiumPayments)
      .where(eq(policyPremiumPayments.policy_id, policy.id))
    expect(owed).toMatchObject({ status: 'PENDING_CREDIT_PAYMENT', amount: a.new_premium })
    expect(a.payable_amount).toBe(premium - a.new_premium)
  })

  it('issue 22 finding 1: an amendment credit returns at most what was received for the policy and not yet returned (409)', async () => {
    const p = await agencyWithPaidPolicy()
    // Only A$1.00 of the premium was ever received (as a short settlement would leave it).
    await getDb()
      .update(policyPremiumPayments)
      .set({ amount: 100 })
      .where(eq(policyPremiumPayments.policy_id, p.policy.id))
    const opened = await api('POST', `${AP}/initiateAmendment`, {
      token: p.token,
      body: await amendedInput(p.policy.id, 'fall'),
    })
    const id = opened.body.data.amendment_id
    await openTask(id, 'amendment_confirm_premium_by_admin')
    await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: admin,
      body: { id, is_premium_confirmed_by_admin: true },
    })
    const a = await amendmentRow(id)
    const accepted = await api('POST', `${AP}/updatePolicyPremium/${id}`, {
      token: p.token,
      body: { premium: a.new_premium / 100, allow_payment: true },
    })
    expect(accepted.status).toBe(409)
    expect(accepted.body.message).toBe(
      'The premium difference cannot be returned: only A$1.00 was received for this policy and not yet returned',
    )
    const [bal] = await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, p.agency.id))
    expect(bal?.balance ?? 0).toBe(0)
    expect(await amendmentRow(id)).toMatchObject({ is_premium_confirmed_by_agency: false })
  })

  it('the new certificate applies the amended data; the change log shows before and after; reads and the export list it', async () => {
    const p = await agencyWithPaidPolicy()
    const opened = await api('POST', `${AP}/initiateAmendment`, {
      token: p.token,
      body: await amendedInput(p.policy.id, 'fall'),
    })
    const id = opened.body.data.amendment_id
    const doc = await api('POST', `${AP}/amendmentDocumentUpload/${id}`, {
      token: p.token,
      body: { ammendment_document_url: await uploaded(p.agency.id), addition_note: 'New visa dates' },
    })
    expect(doc.status).toBe(201)
    await openTask(id, 'amendment_confirm_premium_by_admin')
    await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: admin,
      body: { id, is_premium_confirmed_by_admin: true },
    })
    const a = await amendmentRow(id)
    await api('POST', `${AP}/updatePolicyPremium/${id}`, {
      token: p.token,
      body: { premium: a.new_premium / 100, allow_payment: true },
    })
    await openTask(id, 'amendment_issue_certificate')
    const up = await api('POST', `${SP}/uploadPolicyCertificate/${p.policy.id}`, {
      token: admin,
      body: {
        certificate_url: await uploaded(null, 'cert.pdf'),
        certificate_name: 'cert.pdf',
        membership_number: 'M-77',
      },
    })
    expect(up.status).toBe(200)
    expect(await policyRow(p.policy.id)).toMatchObject({ end_date: '2027-07-31', premium: a.new_premium })
    const logs = await api('GET', `${AP}/getPolicyAmmendmentChangeLogs/${id}`, { token: p.token })
    expect(logs.body.data.changes).toEqual(
      expect.arrayContaining([
        { field: 'policy.end_date', before: '2028-01-31', after: '2027-07-31' },
        { field: 'policy.premium', before: a.prev_premium, after: a.new_premium },
      ]),
    )
    expect(logs.body.data.history.map((h: any) => h.action)).toEqual(
      expect.arrayContaining([
        'AMENDMENT_INITIATED',
        'AMENDMENT_PREMIUM_CONFIRMED',
        'AMENDMENT_ACCEPTED',
        'applyAmendment',
      ]),
    )
    const details = await api('GET', `${AP}/getAmendmentDetails/${id}`, { token: p.token })
    expect(details.body.data).toMatchObject({
      status: 'CERTIFICATE_UPLOADED',
      next_step: 'DONE',
      is_open: false,
    })
    expect(details.body.data.documents).toHaveLength(1)
    const hist = await api('GET', `${AP}/getPolicyAmmendmentsHistory/${p.policy.id}`, { token: p.token })
    expect(hist.body.data.map((x: any) => x.id)).toEqual([id])
    await eventually(async () => {
      const open = await getDb()
        .select()
        .from(tasks)
        .where(and(eq(tasks.workflow_id, `amendment-${id}`)))
      return open.every((t) => t.closed_at)
    }, 'tasks closed')

    const receivable = await api('GET', `${SP}/getAllAmendmentPolicies`, {
      token: admin,
      query: { type: 'receivable', agency_id: String(p.agency.id) },
    })
    expect(receivable.body.data.map((x: any) => x.id)).toEqual([id])
    const payable = await api('GET', `${SP}/getAllAmendmentPolicies`, {
      token: admin,
      query: { type: 'payable', agency_id: String(p.agency.id) },
    })
    expect(payable.body.data).toEqual([])
    const amended = await api('GET', `${SP}/getAmmendedPolicies`, {
      token: admin,
      query: { agency_id: String(p.agency.id) },
    })
    expect(amended.body.pageInfo.total).toBe(1)
    const csv = await api('POST', `${SP}/exportAmmendedPolicies`, {
      token: admin,
      query: { agency_id: String(p.agency.id) },
    })
    expect(csv.status).toBe(200)
    const lines = String(csv.body).trim().split(/\r\n/)
    expect(lines[0]).toMatch(/^Amendment,Policy,Student/)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(p.policy.ref)
    expect((await api('GET', `${SP}/getAllAmendmentPolicies`, { token: p.token })).status).toBe(403)
  })

  it('a fall after the commission was paid out adjusts it (PAID_AMENDMENT_ADJUSTED) and claws back the difference', async () => {
    const p = await agencyWithPaidPolicy()
    await getDb().update(commissions).set({ status: 'PAID' }).where(eq(commissions.policy_id, p.policy.id))
    const [c0] = await getDb().select().from(commissions).where(eq(commissions.policy_id, p.policy.id))
    const opened = await api('POST', `${AP}/initiateAmendment`, {
      token: p.token,
      body: await amendedInput(p.policy.id, 'fall'),
    })
    const id = opened.body.data.amendment_id
    await openTask(id, 'amendment_confirm_premium_by_admin')
    await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: admin,
      body: { id, is_premium_confirmed_by_admin: true },
    })
    const a = await amendmentRow(id)
    const accepted = await api('POST', `${AP}/updatePolicyPremium/${id}`, {
      token: p.token,
      body: { premium: a.new_premium / 100, allow_payment: true },
    })
    expect(accepted.body.message ?? '').toBe('Amended premium accepted')
    expect(accepted.status).toBe(200)
    const [c1] = await getDb().select().from(commissions).where(eq(commissions.policy_id, p.policy.id))
    expect(c1).toMatchObject({ status: 'PAID_AMENDMENT_ADJUSTED', amount: a.new_commission })
    const [claw] = await getDb().select().from(clawbacks).where(eq(clawbacks.policy_id, p.policy.id))
    expect(claw).toMatchObject({
      status: 'INITIATED',
      clawback_commission_amount: c0.amount - a.new_commission,
    })
    // The clawback's own workflow was started after the commit.
    const described = await eventually(
      async () =>
        (await temporalClient()).workflow
          .getHandle(`clawback-${claw.id}`)
          .describe()
          .catch(() => null),
      'the clawback workflow',
    )
    expect(described.status.name).toBe('RUNNING')

    // The policy stays in force beside its clawback: status unchanged, the history says why.
    expect((await policyRow(p.policy.id)).status).toBe('PAYMENT_APPROVED')
    // One process at a time: no second amendment and no refund while the clawback is open.
    const second = await api('POST', `${AP}/initiateAmendment`, {
      token: p.token,
      body: await amendedInput(p.policy.id, 'rise'),
    })
    expect(second.status).toBe(409)
    const refundRequest = () =>
      api('POST', `${AF}/requestForFullRefund/${p.policy.id}`, {
        token: p.token,
        body: { full_refund_requested_reason: 'Visa refused' },
      })
    const early = await refundRequest()
    expect(early.status).toBe(409)
    expect(early.body.message).toBe(`Amendment #${id} of this policy is still open`)
    // The new certificate completes the amendment although the clawback is still open.
    await openTask(id, 'amendment_issue_certificate')
    const up = await api('POST', `${SP}/uploadPolicyCertificate/${p.policy.id}`, {
      token: admin,
      body: {
        certificate_url: await uploaded(null, 'cert.pdf'),
        certificate_name: 'cert.pdf',
        membership_number: 'M-78',
      },
    })
    expect(up.status, JSON.stringify(up.body)).toBe(200)
    expect(await amendmentRow(id)).toMatchObject({ next_step: 'DONE', is_open: false })
    expect(await policyRow(p.policy.id)).toMatchObject({
      status: 'CERTIFICATE_UPLOADED',
      premium: a.new_premium,
    })
    // The clawback goes on: paid from the balance, approved; the policy keeps its status.
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: p.agency.id, type: 'AGENCY_TOPUP', amount: 5_000_00, actor: 'test' }),
    )
    const clawbackTask = (kind: string) =>
      eventually(async () => {
        const [t] = await getDb()
          .select()
          .from(tasks)
          .where(
            and(eq(tasks.workflow_id, `clawback-${claw.id}`), eq(tasks.kind, kind), isNull(tasks.closed_at)),
          )
        return t
      }, `open task ${kind} of clawback ${claw.id}`)
    await clawbackTask('clawback-payment')
    const paid = await api('POST', `${AF}/clawbackPayment`, {
      token: p.token,
      body: { policy_id: p.policy.id, payment_method: 'AGENCY_BALANCE' },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    await clawbackTask('clawback-decision')
    const ok = await api('POST', `${SF}/clawbackApprove/${p.policy.id}`, { token: finance })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data).toMatchObject({ status: 'COMPLETED', outstanding_amount: 0 })
    expect((await policyRow(p.policy.id)).status).toBe('CERTIFICATE_UPLOADED')
    const steps = await getDb()
      .select({
        action: policyHistories.action,
        from: policyHistories.from_status,
        to: policyHistories.status,
      })
      .from(policyHistories)
      .where(eq(policyHistories.policy_id, p.policy.id))
      .orderBy(asc(policyHistories.id))
    expect(steps.filter((h) => /Clawback/.test(h.action))).toEqual([
      { action: 'initiateClawback', from: 'PAYMENT_APPROVED', to: 'PAYMENT_APPROVED' },
      { action: 'requestClawbackPayment', from: 'CERTIFICATE_UPLOADED', to: 'CERTIFICATE_UPLOADED' },
      { action: 'approveClawback', from: 'CERTIFICATE_UPLOADED', to: 'CERTIFICATE_UPLOADED' },
    ])
  })
})

describe('amendment screens (in-process)', () => {
  const get = (path: string, token: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const post = (path: string, token: string, form: Record<string, string>) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
      body: new URLSearchParams(form),
    })
  const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} })
  const body = (answer: unknown) => ((answer as { data?: unknown }).data ?? answer) as any

  it('pays by card: the gateway checkout, then the return to the amendment page completes it once', async () => {
    const p = await agencyWithPaidPolicy()
    const opened = await api('POST', `${AP}/initiateAmendment`, {
      token: p.token,
      body: await amendedInput(p.policy.id, 'rise'),
    })
    const id = opened.body.data.amendment_id
    await openTask(id, 'amendment_confirm_premium_by_admin')
    await api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: admin,
      body: { id, is_premium_confirmed_by_admin: true },
    })
    const a = await amendmentRow(id)
    await api('POST', `${AP}/updatePolicyPremium/${id}`, {
      token: p.token,
      body: { premium: a.new_premium / 100, allow_payment: true },
    })
    await openTask(id, 'amendment_payment')
    const card = await api('POST', `${AF}/ammendmentPayment/${id}`, {
      token: p.token,
      body: { payment_method: 'CARD' },
    })
    expect(card.status).toBe(200)
    const checkout = card.body.data.checkout
    expect(checkout).toMatchObject({ gateway: 'sandbox', amount: a.payable_amount / 100 })
    expect(checkout.success_url).toContain(`/agency/policies/${p.policy.id}/amendment?checkout=success`)
    // Still waiting: the page says so and nothing moves.
    const path = `/agency/policies/${p.policy.id}/amendment?checkout=success&session_id=${checkout.checkout_session_id}`
    const params = { policyId: String(p.policy.id) }
    const unpaid = body(await agencyPage.loader(args(get(path, p.token), params)))
    expect(unpaid.open.phase).toBe('PAYMENT')
    // The hosted sandbox page records the payment.
    await getDb()
      .update(cardPayments)
      .set({ amount_paid: a.payable_amount })
      .where(eq(cardPayments.id, checkout.card_payment_id))
    const paid = body(await agencyPage.loader(args(get(path, p.token), params)))
    expect(paid.checkout).toBe('Card payment received.')
    expect(paid.open).toMatchObject({ phase: 'ISSUE_CERTIFICATE', status: 'COMPLETED' })
    const [inv] = await getDb()
      .select()
      .from(invoices)
      .where(eq(invoices.id, a.invoice_id ?? (await amendmentRow(id)).invoice_id!))
    expect(inv.status).toBe('PAID')
    await agencyPage.loader(args(get(path, p.token), params))
    const pays = await getDb().select().from(amendmentPayments).where(eq(amendmentPayments.amendment_id, id))
    expect(pays.map((x) => [x.payment_method, x.status])).toEqual([['CARD', 'COMPLETED']])
  })

  it('the agency amends from its page, staff confirm on theirs, the agency accepts; the staff list shows it', async () => {
    const p = await agencyWithPaidPolicy()
    const path = `/agency/policies/${p.policy.id}/amendment`
    const params = { policyId: String(p.policy.id) }
    const page = body(await agencyPage.loader(args(get(path, p.token), params)))
    expect(page).toMatchObject({ canAmend: true, open: null })
    expect(page.defaults.policy_type).toBe('SINGLE')
    const bad = await agencyPage.action(
      args(
        post(path, p.token, {
          ...page.defaults,
          intent: 'amend',
          policy_type: 'COUPLE',
          partner_first_name: '',
        }),
        params,
      ),
    )
    expect((bad as any).init.status).toBe(400)
    expect((bad as any).data.error.partner_first_name).toEqual([
      'Partner details are required for this policy type',
    ])
    const res = (await agencyPage.action(
      args(
        post(path, p.token, {
          ...page.defaults,
          intent: 'amend',
          policy_type: 'COUPLE',
          partner_first_name: 'Sam',
          partner_last_name: 'Partner',
        }),
        params,
      ),
    )) as Response
    expect(res.status).toBe(302)
    const [a] = await getDb().select().from(amendments).where(eq(amendments.policy_id, p.policy.id))
    await openTask(a.id, 'amendment_confirm_premium_by_admin')

    const staffPath = `/staff/policies/${p.policy.id}/amendment`
    const sp = body(await staffPage.loader(args(get(staffPath, admin), params)))
    expect(sp.open).toMatchObject({ id: a.id, phase: 'CONFIRM_PREMIUM_BY_ADMIN' })
    const confirmed = (await staffPage.action(
      args(post(staffPath, admin, { intent: 'confirm' }), params),
    )) as Response
    expect(confirmed.status).toBe(302)
    const again = body(await agencyPage.loader(args(get(path, p.token), params)))
    expect(again.open).toMatchObject({ phase: 'CONFIRM_PREMIUM_BY_AGENCY', payer: 'AGENCY' })
    const mismatch = await agencyPage.action(
      args(post(path, p.token, { intent: 'accept', premium: '1.00' }), params),
    )
    expect((mismatch as any).init.status).toBe(409)
    const accepted = (await agencyPage.action(
      args(post(path, p.token, { intent: 'accept', premium: String(again.open.new_premium) }), params),
    )) as Response
    expect(accepted.status).toBe(302)
    expect((await amendmentRow(a.id)).is_premium_confirmed_by_agency).toBe(true)

    const list = body(
      await listPage.loader(args(get('/staff/policies/amendments?tab=PAYMENT_PENDING&perPage=100', admin))),
    )
    expect(list.rows.map((r: any) => r.id)).toContain(a.id)
    const other = await agencyWithToken()
    await expect(agencyPage.loader(args(get(path, other.token), params))).rejects.toMatchObject({
      status: 404,
    })
    const [pol] = await getDb().select().from(policies).where(eq(policies.id, p.policy.id))
    expect(pol.policy_type).toBe('SINGLE')
  })
})
