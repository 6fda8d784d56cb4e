import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalances,
  commissions,
  files,
  identities,
  invoiceLineItems,
  invoices,
  policies,
  policyFiles,
  policyHistories,
  policyPremiumPayments,
  tasks,
} from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { syncWorkflowTasks } from '../../domain/tasks/workflow-tasks'
import { ADMIN, agencyWithToken, api, lastMail, login, staffToken, tempPasswordFrom } from '../setup/api'

const OSHC = '/oshc/finance-management'
const OSHC_POLICY = '/oshc/policy-management'
const AGENCY = '/agencies/finance-management'
const PAY = '/payment-system'

let admin: string
let adminIdentity: number
let clerk: string
let quoteOnlyStaff: string
let seq = 0

async function staffWith(permissionNames: string[]) {
  const perms = await api('GET', '/oshc/user-management/getOshcPermission', { token: admin })
  const ids = perms.body.data.filter((p: any) => permissionNames.includes(p.name)).map((p: any) => p.id)
  const role = await api('POST', '/oshc/user-management/createOshcRole', {
    token: admin,
    body: { name: `Role ${permissionNames.join('+')} ${Date.now()}-${++seq}` },
  })
  expect(role.status, JSON.stringify(role.body)).toBe(201)
  await api('POST', `/oshc/user-management/assignPermissionToRole/${role.body.data.id}`, {
    token: admin,
    body: { Permissions: ids },
  })
  const email = `staff-${Date.now().toString(36)}-${++seq}@example.test`
  const created = await api('POST', '/oshc/user-management/CreateOshcUser', {
    token: admin,
    body: { first_name: 'Fin', last_name: 'Staff', email, role_id: role.body.data.id },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return login(email, tempPasswordFrom((await lastMail(email)).text)!)
}

beforeAll(async () => {
  admin = await staffToken()
  const [row] = await getDb().select().from(identities).where(eq(identities.email, ADMIN.email))
  adminIdentity = row.id
  clerk = await staffWith(['finance'])
  quoteOnlyStaff = await staffWith(['quote'])
})

/** A policy bought by bank transfer and waiting for verification, with its staff task (as purchasePolicy leaves it). */
async function purchased(
  agencyId: number,
  opts: Parameters<typeof createPolicy>[1] extends infer O ? Partial<O> : never = {},
) {
  const { policy, customer } = await createPolicy(getDb(), { agencyId, status: 'PURCHASED', ...opts })
  await syncWorkflowTasks(`policy-payment-${policy.id}`, {
    kind: 'policy_payment',
    audience: 'staff',
    subject: `Verify bank payment for policy ${policy.ref}`,
    agencyId,
    link: '/staff/finance/verification',
    dueAt: new Date(Date.now() + 86_400_000),
    amount: policy.premium,
  })
  return { policy, customer }
}

async function uploadedFile(agencyId: number | null) {
  const key = `private/proof-${Date.now().toString(36)}-${++seq}.pdf`
  await getDb()
    .insert(files)
    .values({
      key,
      folder: 'private',
      filename: `proof-${seq}.pdf`,
      content_type: 'application/pdf',
      size: 10,
      agency_id: agencyId,
      uploaded_at: new Date(),
    })
  return key
}

const policyRow = async (id: number) => (await getDb().select().from(policies).where(eq(policies.id, id)))[0]
const paymentsOf = (policyId: number) =>
  getDb().select().from(policyPremiumPayments).where(eq(policyPremiumPayments.policy_id, policyId))
const commissionOf = async (policyId: number) =>
  (await getDb().select().from(commissions).where(eq(commissions.policy_id, policyId)))[0]
const taskOf = async (policyId: number) =>
  (
    await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `policy-payment-${policyId}`))
  )[0]
async function premiumInvoiceOf(policyId: number) {
  const [row] = await getDb()
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
    .where(and(eq(invoiceLineItems.policy_id, policyId), eq(invoices.invoice_type, 'PREMIUM')))
  return row.invoice
}

describe('approving a bank payment', () => {
  it('settles everything in one go: policy, payment, commission, invoice, task, mail', async () => {
    const { agency, token } = await agencyWithToken()
    const { policy } = await purchased(agency.id)
    const r = await api('POST', `${OSHC}/paymentApprove`, { token: admin, body: { policyId: policy.id } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({
      policyId: policy.id,
      status: 'PAYMENT_APPROVED',
      paymentStatus: 'PAID',
    })

    expect((await policyRow(policy.id)).status).toBe('PAYMENT_APPROVED')
    const [payment] = await paymentsOf(policy.id)
    expect(payment).toMatchObject({ status: 'PAID', decided_by: adminIdentity })
    expect(payment.paid_at).not.toBeNull()
    expect((await commissionOf(policy.id)).status).toBe('COMMISSION_BANKED')
    expect(await premiumInvoiceOf(policy.id)).toMatchObject({ status: 'PAID', total_outstanding_amount: 0 })
    const task = await taskOf(policy.id)
    expect(task.outcome).toBe('approved')
    expect(task.closed_at).not.toBeNull()
    const history = await getDb()
      .select()
      .from(policyHistories)
      .where(and(eq(policyHistories.policy_id, policy.id), eq(policyHistories.action, 'approvePayment')))
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ from_status: 'PURCHASED', status: 'PAYMENT_APPROVED' })
    const mail = await lastMail(agency.email)
    expect(mail.subject).toBe(`Payment approved for policy ${policy.ref}`)

    // The agency sees the banked commission in its balance.
    const balance = await api('GET', `${AGENCY}/balance/${agency.id}`, { token })
    expect(balance.body.data.commission).toBe((await commissionOf(policy.id)).amount / 100)

    // Approving twice is a conflict with the reason.
    const again = await api('POST', `${OSHC}/paymentApprove`, { token: admin, body: { policyId: policy.id } })
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/Payment approved/)
  })

  it('refuses policies that are not waiting for verification (409) and unknown ones (404)', async () => {
    const { agency } = await agencyWithToken()
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const r = await api('POST', `${OSHC}/paymentApprove`, { token: admin, body: { policyId: policy.id } })
    expect(r.status).toBe(409)
    expect(r.body.message).toMatch(/Initiated/)
    expect(
      (await api('POST', `${OSHC}/paymentApprove`, { token: admin, body: { policyId: 99999999 } })).status,
    ).toBe(404)
    expect((await api('POST', `${OSHC}/paymentApprove`, { token: admin, body: {} })).status).toBe(400)
  })

  it('maker-checker: whoever uploaded the proof cannot approve; another finance staff member can', async () => {
    const { agency, token } = await agencyWithToken()
    const { policy } = await purchased(agency.id)
    const key = await uploadedFile(agency.id)
    const up = await api('POST', `${OSHC}/uploadPolicyPaymentProof`, {
      token: admin,
      body: { policy_id: policy.id, document_url: key },
    })
    expect(up.status, JSON.stringify(up.body)).toBe(200)
    const [payment] = await paymentsOf(policy.id)
    expect(payment).toMatchObject({ bank_document: key, updated_by: adminIdentity, status: 'REQUESTED' })
    const stored = await getDb().select().from(policyFiles).where(eq(policyFiles.policy_id, policy.id))
    // The agency's original proof stays listed beside the staff upload.
    expect(stored.map((f) => [f.url, f.file_type, f.uploaded_by]).sort()).toEqual(
      [
        [key, 'PAYMENT_PROOF', adminIdentity],
        [`private/seed-proof-${policy.id}.pdf`, 'PAYMENT_PROOF', null],
      ].sort(),
    )
    const proofHistory = await getDb()
      .select()
      .from(policyHistories)
      .where(
        and(eq(policyHistories.policy_id, policy.id), eq(policyHistories.action, 'PAYMENT_PROOF_UPLOADED')),
      )
    expect(proofHistory).toHaveLength(1)

    // The proofs, newest first, with download URLs, for staff and for the agency.
    const docs = await api('GET', `${OSHC_POLICY}/getPolicyBankDocumentsForAdmin/${policy.id}`, {
      token: admin,
    })
    expect(docs.status).toBe(200)
    expect(docs.body.data.map((d: any) => d.key)).toEqual([key, `private/seed-proof-${policy.id}.pdf`])
    expect(docs.body.data[0].url).toMatch(/^http/)
    const agencyDocs = await api(
      'GET',
      `/agencies/policy-management/getPolicyBankDocumentsForAgency/${policy.id}`,
      {
        token,
        query: { exclude_latest_document: 'true' },
      },
    )
    expect(agencyDocs.body.data.map((d: any) => d.key)).toEqual([`private/seed-proof-${policy.id}.pdf`])

    const own = await api('POST', `${OSHC}/paymentApprove`, { token: admin, body: { policyId: policy.id } })
    expect(own.status).toBe(403)
    expect(own.body.message).toMatch(/another finance staff member must approve it/)
    expect((await policyRow(policy.id)).status).toBe('PURCHASED')
    expect((await taskOf(policy.id)).closed_at).toBeNull()

    const other = await api('POST', `${OSHC}/paymentApprove`, { token: clerk, body: { policyId: policy.id } })
    expect(other.status, JSON.stringify(other.body)).toBe(200)
    expect((await policyRow(policy.id)).status).toBe('PAYMENT_APPROVED')
  })

  it('refuses a proof that is not an uploaded file, or for a policy without a waiting payment', async () => {
    const { agency } = await agencyWithToken()
    const { policy } = await purchased(agency.id)
    const missing = await api('POST', `${OSHC}/uploadPolicyPaymentProof`, {
      token: admin,
      body: { policy_id: policy.id, document_url: 'private/nope.pdf' },
    })
    expect(missing.status).toBe(400)
    const { policy: paid } = await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })
    const late = await api('POST', `${OSHC}/uploadPolicyPaymentProof`, {
      token: admin,
      body: { policy_id: paid.id, document_url: await uploadedFile(agency.id) },
    })
    expect(late.status).toBe(409)
  })
})

describe('rejecting bank payments', () => {
  it('rejects several with the reason; the agency is told and may pay again', async () => {
    const { agency } = await agencyWithToken()
    const a = (await purchased(agency.id)).policy
    const b = (await purchased(agency.id)).policy
    const r = await api('POST', `${OSHC}/paymentReject`, {
      token: admin,
      body: { policyId: [a.id, b.id], reason: 'The transfer did not arrive' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.map((x: any) => x.status)).toEqual(['PAYMENT_REJECTED', 'PAYMENT_REJECTED'])
    for (const p of [a, b]) {
      expect((await policyRow(p.id)).status).toBe('PAYMENT_REJECTED')
      const [payment] = await paymentsOf(p.id)
      expect(payment).toMatchObject({ status: 'REJECTED', rejection_reason: 'The transfer did not arrive' })
      expect((await taskOf(p.id)).outcome).toBe('rejected')
      // The premium is still owed: the invoice stays open.
      expect((await premiumInvoiceOf(p.id)).status).toBe('PENDING')
    }
    const mail = await lastMail(agency.email)
    expect(mail.subject).toMatch(/^Payment rejected for policy /)
    expect(mail.text).toContain('Reason: The transfer did not arrive')
    expect(mail.text).toContain('/pay')
  })

  it('is all or nothing: one policy in another status is a 409 naming it and nothing changes', async () => {
    const { agency } = await agencyWithToken()
    const waiting = (await purchased(agency.id)).policy
    const { policy: paid } = await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })
    const r = await api('POST', `${OSHC}/paymentReject`, {
      token: admin,
      body: { policyId: [waiting.id, paid.id], reason: 'Wrong amount' },
    })
    expect(r.status).toBe(409)
    expect(r.body.message).toContain(paid.ref)
    expect(r.body.message).toContain('Nothing was rejected')
    expect((await policyRow(waiting.id)).status).toBe('PURCHASED')
    expect((await paymentsOf(waiting.id))[0].status).toBe('REQUESTED')
    expect((await taskOf(waiting.id)).closed_at).toBeNull()
  })

  it('needs a reason and at least one policy', async () => {
    const { agency } = await agencyWithToken()
    const { policy } = await purchased(agency.id)
    const noReason = await api('POST', `${OSHC}/paymentReject`, {
      token: admin,
      body: { policyId: [policy.id] },
    })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors.reason).toEqual(['Reason is required'])
    const blank = await api('POST', `${OSHC}/paymentReject`, {
      token: admin,
      body: { policyId: [policy.id], reason: '   ' },
    })
    expect(blank.body.errors.reason).toEqual(['Reason is required'])
    const none = await api('POST', `${OSHC}/paymentReject`, {
      token: admin,
      body: { policyId: [], reason: 'x' },
    })
    expect(none.status).toBe(400)
    expect(none.body.errors.policyId).toBeDefined()
    expect((await policyRow(policy.id)).status).toBe('PURCHASED')
  })
})

describe('payment lists', () => {
  it('lists waiting payments with filters, sort, paging and a CSV export', async () => {
    const { agency } = await agencyWithToken()
    const nib = (await purchased(agency.id, { providerId: 1, lastName: 'Zebra' })).policy
    const bupa = (await purchased(agency.id, { providerId: 3, lastName: 'Aardvark' })).policy
    const family = (await purchased(agency.id, { providerId: 1, policyType: 'FAMILY' })).policy
    await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })
    await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const list = (query: Record<string, string>) =>
      api('GET', `${OSHC}/getPaymentVerificationPendingPolicies`, {
        token: admin,
        query: { agency_id: String(agency.id), ...query },
      })

    const all = await list({ sort_key: 'premium', sort_direction: 'true' })
    expect(all.status).toBe(200)
    expect(all.body.pageInfo).toMatchObject({ total: 3, page: 1, perPage: 10 })
    const premiums = all.body.data.map((r: any) => r.premium)
    expect(premiums).toEqual([...premiums].sort((x: number, y: number) => x - y))
    expect(all.body.data.map((r: any) => r.id).sort()).toEqual([nib.id, bupa.id, family.id].sort())
    expect(all.body.data[0]).toMatchObject({
      status: 'PURCHASED',
      payment_status: 'REQUESTED',
      payment_method: 'BANK',
      bank_document_available: true,
      agency: { id: agency.id },
    })
    expect(all.body.data[0].requested_at).toBeTruthy()

    const byProvider = await list({ provider_id: '3' })
    expect(byProvider.body.data.map((r: any) => r.id)).toEqual([bupa.id])
    const bySearch = await list({ search: 'zebra' })
    expect(bySearch.body.data.map((r: any) => r.id)).toEqual([nib.id])
    const byRef = await list({ search: family.ref })
    expect(byRef.body.data.map((r: any) => r.id)).toEqual([family.id])
    const byType = await list({ payment_type: 'CARD' })
    expect(byType.body.data).toEqual([])
    const page2 = await list({ perPage: '2', page: '2', sort_key: 'premium', sort_direction: 'true' })
    expect(page2.body.data.map((r: any) => r.id)).toEqual([all.body.data[2].id])
    expect(page2.body.pageInfo).toMatchObject({ total: 3, totalPages: 2 })
    expect((await list({ sort_key: 'drop table' })).status).toBe(400)
    // The same list is served under /oshc/policy-management.
    const alias = await api('GET', `${OSHC_POLICY}/getPaymentVerificationPendingPolicies`, {
      token: admin,
      query: { agency_id: String(agency.id) },
    })
    expect(alias.body.pageInfo.total).toBe(3)

    const csv = await api('POST', `${OSHC_POLICY}/exportPaymentVerificationPendingPolicies`, {
      token: admin,
      query: { agency_id: String(agency.id), provider_id: '1' },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (csv.body as string).trim().split('\r\n')
    expect(lines[0].startsWith('Policy ID,Ref,Agency,Student')).toBe(true)
    expect(lines).toHaveLength(3)
    expect(
      lines
        .slice(1)
        .map((l) => Number(l.split(',')[0]))
        .sort(),
    ).toEqual([nib.id, family.id].sort())
  })

  it('splits outstanding policies into Unpaid, Pending and Paid, and lists purchased ones', async () => {
    const { agency, token } = await agencyWithToken()
    const make = async (status: Parameters<typeof createPolicy>[1]['status']) =>
      (await createPolicy(getDb(), { agencyId: agency.id, status })).policy.id
    const initiated = await make('INITIATED')
    const rejected = await make('PAYMENT_REJECTED')
    const waiting = await make('PURCHASED')
    const approved = await make('PAYMENT_APPROVED')
    const issued = await make('CERTIFICATE_ISSUED')
    await make('PERSONAL_INFORMATION_ADDED')
    const ids = async (path: string, query: Record<string, string> = {}, t = admin) => {
      const r = await api('GET', path, {
        token: t,
        query: { agency_id: String(agency.id), perPage: '50', ...query },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.data.map((x: any) => x.id).sort()
    }
    const sorted = (...n: number[]) => n.sort()
    expect(await ids(`${OSHC}/getOutStandingPolicies`, { tab: 'Unpaid' })).toEqual(
      sorted(initiated, rejected),
    )
    expect(await ids(`${OSHC}/getOutStandingPolicies`, { tab: 'Pending' })).toEqual([waiting])
    expect(await ids(`${OSHC}/getOutStandingPolicies`, { tab: 'Paid' })).toEqual(sorted(approved, issued))
    expect(await ids(`${OSHC}/getOutStandingPolicies`)).toEqual(
      sorted(initiated, rejected, waiting, approved, issued),
    )
    expect(await ids(`${OSHC}/getPurchasedPolicies`)).toEqual(sorted(approved, issued))

    // The agency's own views.
    expect(
      await ids(`${AGENCY}/getPendingPaymentPolicies/${agency.id}`, { tab: 'Outstanding' }, token),
    ).toEqual(sorted(initiated, rejected))
    expect(
      await ids(
        `${AGENCY}/getPendingPaymentPolicies/${agency.id}`,
        { tab: 'Payment_Verification_Pending' },
        token,
      ),
    ).toEqual([waiting])
    expect(await ids(`${AGENCY}/getPendingPaymentPolicies/${agency.id}`, {}, token)).toEqual(
      sorted(initiated, rejected, waiting),
    )
    expect(await ids(`${AGENCY}/getPurchasedPolicies/${agency.id}`, {}, token)).toEqual(
      sorted(approved, issued),
    )
    const one = await api('GET', `${AGENCY}/getPendingPaymentPolicyById/${rejected}`, { token })
    expect(one.body.data).toMatchObject({ id: rejected, status: 'PAYMENT_REJECTED' })
    expect(one.body.data.payments[0]).toMatchObject({ status: 'REJECTED', payment_type: 'BANK' })
    expect(one.body.data.invoices[0]).toMatchObject({ status: 'PENDING' })

    const csv = await api('POST', `${OSHC}/exportOutstandingPolicies`, {
      token: admin,
      query: { agency_id: String(agency.id), tab: 'Paid' },
    })
    expect((csv.body as string).trim().split('\r\n')).toHaveLength(3)
    const purchasedCsv = await api('POST', `${AGENCY}/exportPurchasedPolicies/${agency.id}`, { token })
    expect(purchasedCsv.status).toBe(200)
    expect((purchasedCsv.body as string).trim().split('\r\n')).toHaveLength(3)
  })
})

describe('agency balance and ledgers', () => {
  it('reads balance, commission, BNPL share and commission rows of its own agency', async () => {
    const { agency, token } = await agencyWithToken()
    await getDb()
      .update(agencyBalances)
      .set({ buy_now_pay_later_amount: 100000, buy_now_pay_later_remaining_amount: 25000 })
      .where(eq(agencyBalances.agency_id, agency.id))
    const banked = (await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })).policy
    const pending = (await createPolicy(getDb(), { agencyId: agency.id, status: 'PURCHASED' })).policy
    const bankedCents = (await commissionOf(banked.id)).amount

    const balance = await api('GET', `${AGENCY}/balance/${agency.id}`, { token })
    expect(balance.body.data).toEqual({
      agency_id: agency.id,
      balance: 0,
      commission: bankedCents / 100,
      due_amount: 0,
      buy_now_pay_later_amount: 1000,
      buy_now_pay_later_remaining_amount: 250,
    })
    const bnpl = await api('GET', `${AGENCY}/getBuyNowPayLaterPercentageRemainingOfAgency/${agency.id}`, {
      token,
    })
    expect(bnpl.body.data).toMatchObject({ percentage_remaining: 25, buy_now_pay_later_used_amount: 750 })

    const rows = await api('GET', `${AGENCY}/getAgencyCommissionTransactionForAgency/${agency.id}`, { token })
    expect(rows.body.pageInfo.total).toBe(2)
    expect(
      Object.fromEntries(rows.body.data.map((r: any) => [r.policy_ref, [r.status, r.policy_status]])),
    ).toEqual({
      [banked.ref]: ['COMMISSION_BANKED', 'PAYMENT_APPROVED'],
      [pending.ref]: ['PENDING', 'PURCHASED'],
    })
    const bankedList = await api('GET', `${AGENCY}/getCommissionBankedPolicies/${agency.id}`, { token })
    expect(bankedList.body.data.map((r: any) => r.policy_id)).toEqual([banked.id])
    expect(bankedList.body.data[0].invoice_line_item_id).toEqual(expect.any(Number))
    const bnplRows = await api('GET', `${AGENCY}/getBnplTransactionForAgency/${agency.id}`, { token })
    expect(bnplRows.body).toMatchObject({ data: [], pageInfo: { total: 0 } })

    // Staff with finance read any agency's; staff without finance and other agencies may not.
    expect((await api('GET', `${AGENCY}/balance/${agency.id}`, { token: admin })).body.data.balance).toBe(0)
    expect((await api('GET', `${AGENCY}/balance/${agency.id}`, { token: quoteOnlyStaff })).status).toBe(403)
    const { token: otherToken } = await agencyWithToken()
    for (const path of [
      `${AGENCY}/balance/${agency.id}`,
      `${AGENCY}/getAgencyBalanceTransactionForAgency/${agency.id}`,
      `${AGENCY}/getAgencyCommissionTransactionForAgency/${agency.id}`,
      `${AGENCY}/getPendingPaymentPolicies/${agency.id}`,
      `${AGENCY}/getPendingPaymentPolicyById/${pending.id}`,
      `/agencies/policy-management/getPolicyBankDocumentsForAgency/${pending.id}`,
    ]) {
      expect((await api('GET', path, { token: otherToken })).status, path).toBe(404)
    }
    expect((await api('GET', `${AGENCY}/balance/${agency.id}`)).status).toBe(401)
  })

  it('keeps staff calls to staff with finance', async () => {
    const { agency, token } = await agencyWithToken()
    const { policy } = await purchased(agency.id)
    expect(
      (await api('POST', `${OSHC}/paymentApprove`, { token, body: { policyId: policy.id } })).status,
    ).toBe(403)
    expect(
      (await api('POST', `${OSHC}/paymentApprove`, { token: quoteOnlyStaff, body: { policyId: policy.id } }))
        .status,
    ).toBe(403)
    expect((await api('POST', `${OSHC}/paymentApprove`, { body: { policyId: policy.id } })).status).toBe(401)
    expect((await api('GET', `${OSHC}/getPaymentVerificationPendingPolicies`, { token })).status).toBe(403)
    expect(
      (await api('GET', `${OSHC}/getPaymentVerificationPendingPolicies`, { token: quoteOnlyStaff })).status,
    ).toBe(403)
    expect((await policyRow(policy.id)).status).toBe('PURCHASED')
  })
})

describe('invoices', () => {
  it('sorts invoices into tabs from the agency side, with details, line items and metrics', async () => {
    const { agency, token } = await agencyWithToken()
    const initiated = (await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })).policy
    const waiting = (await createPolicy(getDb(), { agencyId: agency.id, status: 'PURCHASED' })).policy
    const paid = (await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })).policy
    const inv = {
      initiated: (await premiumInvoiceOf(initiated.id)).id,
      waiting: (await premiumInvoiceOf(waiting.id)).id,
      paid: (await premiumInvoiceOf(paid.id)).id,
    }
    const tab = async (name: string, t = token) => {
      const r = await api('GET', `${PAY}/invoice/getAllInvoices`, {
        token: t,
        query: { tab: name, agency_id: String(agency.id) },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.data.map((i: any) => i.id).sort()
    }
    expect(await tab('PAYABLE')).toEqual([inv.initiated])
    expect(await tab('PENDING_APPROVAL')).toEqual([inv.waiting])
    expect(await tab('PAID')).toEqual([inv.paid])
    expect(await tab('RECEIVABLE')).toEqual([])
    expect(await tab('ALL')).toEqual(Object.values(inv).sort())
    expect(await tab('PAYABLE', admin)).toEqual([inv.initiated])

    const detail = await api('GET', `${PAY}/invoice/getInvoiceById/${inv.initiated}`, { token })
    expect(detail.body.data).toMatchObject({
      id: inv.initiated,
      invoice_type: 'PREMIUM',
      status: 'PENDING',
      from: 'OSHC',
      to: 'AGENCY',
      total_amount_due: initiated.premium! / 100,
      pending_approval: false,
    })
    expect(detail.body.data.line_items).toHaveLength(1)
    expect(detail.body.data.line_items[0]).toMatchObject({
      policy_ref: initiated.ref,
      line_item_type: 'PREMIUM',
    })
    const lineId = detail.body.data.line_items[0].id
    const byPolicy = await api('GET', `${PAY}/invoice-line-item/getAllInvoiceLineItemsByPolicyId`, {
      token,
      query: { policy_id: String(initiated.id) },
    })
    expect(byPolicy.body.data.map((l: any) => l.id)).toEqual([lineId])
    const line = await api('GET', `${PAY}/invoice-line-item/getInvoiceLineItemById/${lineId}`, { token })
    expect(line.body.data).toMatchObject({ id: lineId, invoice_id: inv.initiated })

    const metrics = await api('GET', `${PAY}/finance-metrics`, { token })
    expect(metrics.body.data).toMatchObject({
      agencyId: agency.id,
      agencyTopUpBalance: 0,
      commissionClawback: 0,
      payable: { count: 1, amount: initiated.premium! / 100 },
      pendingApproval: { count: 1, amount: waiting.premium! / 100 },
      paid: { count: 1, amount: paid.premium! / 100 },
      receivable: { count: 0, amount: 0 },
      partialPayment: { count: 0, amount: 0 },
    })
    expect(metrics.body.data.commissionAvailable).toBe((await commissionOf(paid.id)).amount / 100)

    // Approving the waiting payment moves its invoice from pending approval to paid.
    expect(
      (await api('POST', `${OSHC}/paymentApprove`, { token: admin, body: { policyId: waiting.id } })).status,
    ).toBe(200)
    expect(await tab('PENDING_APPROVAL')).toEqual([])
    expect(await tab('PAID')).toEqual([inv.waiting, inv.paid].sort())

    const csv = await api('POST', `${PAY}/invoice/exportAllInvoices`, { token, query: { tab: 'PAID' } })
    expect(csv.status).toBe(200)
    const lines = (csv.body as string).trim().split('\r\n')
    expect(lines[0]).toBe(
      'Invoice ID,Agency,Type,Status,From,To,Total (AUD),Outstanding (AUD),Pending approval,Invoice date,Due date',
    )
    expect(
      lines
        .slice(1)
        .map((l) => Number(l.split(',')[0]))
        .sort(),
    ).toEqual([inv.waiting, inv.paid].sort())

    // Another agency sees none of it.
    const { agency: other, token: otherToken } = await agencyWithToken()
    expect(
      (await api('GET', `${PAY}/invoice/getInvoiceById/${inv.initiated}`, { token: otherToken })).status,
    ).toBe(404)
    expect(
      (await api('GET', `${PAY}/invoice-line-item/getInvoiceLineItemById/${lineId}`, { token: otherToken }))
        .status,
    ).toBe(404)
    expect(
      (
        await api('GET', `${PAY}/invoice/getAllInvoices`, {
          token: otherToken,
          query: { agency_id: String(agency.id) },
        })
      ).status,
    ).toBe(404)
    const own = await api('GET', `${PAY}/invoice/getAllInvoices`, { token: otherToken })
    expect(own.body.data).toEqual([])
    expect(
      (
        await api('GET', `${PAY}/finance-metrics`, {
          token: otherToken,
          query: { agencyId: String(agency.id) },
        })
      ).status,
    ).toBe(404)
    expect((await api('GET', `${PAY}/finance-metrics`, { token: otherToken })).body.data.agencyId).toBe(
      other.id,
    )
    expect((await api('GET', `${PAY}/invoice/getAllInvoices`, { token: quoteOnlyStaff })).status).toBe(403)
  })
})

describe('finance screens: one route per tab (loaders and actions, as a browser posts them)', () => {
  const ORIGIN = 'http://test.local'
  const get = (path: string, token: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const post = (path: string, form: Record<string, string>, token: string) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
      body: new URLSearchParams(form),
    })
  const args = (request: Request) => ({ request, params: {}, context: {} })
  /** Where a loader or action sends the browser (it throws or returns the redirect). */
  async function locationOf(run: () => Promise<unknown>) {
    const r = await run().catch((thrown: unknown) => thrown)
    expect(r).toBeInstanceOf(Response)
    return { status: (r as Response).status, location: (r as Response).headers.get('location') }
  }

  it('sends the old ?tab= addresses (and the bare page) to the tab routes, keeping the filters', async () => {
    const staffIndex = await import('../../app/routes/staff+/finance._index')
    const agencyIndex = await import('../../app/routes/agency+/finance._index')
    const { token } = await agencyWithToken()
    expect(
      await locationOf(() =>
        staffIndex.loader(args(get('/staff/finance?tab=topups&status=REQUESTED', admin))),
      ),
    ).toEqual({ status: 302, location: '/staff/finance/topups?status=REQUESTED' })
    expect(await locationOf(() => staffIndex.loader(args(get('/staff/finance', admin))))).toEqual({
      status: 302,
      location: '/staff/finance/verification',
    })
    expect(
      await locationOf(() =>
        agencyIndex.loader(args(get('/agency/finance?tab=payments&status_tab=All', token))),
      ),
    ).toEqual({ status: 302, location: '/agency/finance/payments?status_tab=All' })
    expect(
      await locationOf(() => agencyIndex.loader(args(get('/agency/finance?tab=nonsense', token)))),
    ).toEqual({ status: 302, location: '/agency/finance/overview' })
  })

  it('each tab guards itself: an agency is refused by the staff tab loader and action', async () => {
    const verification = await import('../../app/routes/staff+/finance.verification/route')
    const topups = await import('../../app/routes/staff+/finance.topups/route')
    const { token } = await agencyWithToken()
    for (const run of [
      () => verification.loader(args(get('/staff/finance/verification', token))),
      () => topups.action(args(post('/staff/finance/topups', { intent: 'approve-topup:1' }, token))),
    ]) {
      const r = await run().catch((thrown: unknown) => thrown)
      expect((r as Response).status).toBe(403)
    }
  })

  it('the verification tab lists a waiting payment and its action approves it, back to the tab', async () => {
    const verification = await import('../../app/routes/staff+/finance.verification/route')
    const { agency } = await agencyWithToken()
    const { policy } = await purchased(agency.id)
    const page = await verification.loader(
      args(get(`/staff/finance/verification?search=${policy.ref}`, admin)),
    )
    expect(page.rows.map((r) => r.ref)).toEqual([policy.ref])
    expect(
      await locationOf(() =>
        verification.action(
          args(
            post(
              `/staff/finance/verification?search=${policy.ref}`,
              { intent: `approve-payment:${policy.id}` },
              admin,
            ),
          ),
        ),
      ),
    ).toEqual({ status: 302, location: `/staff/finance/verification?search=${policy.ref}` })
    expect((await policyRow(policy.id)).status).toBe('PAYMENT_APPROVED')
  })

  it('the agency tabs load their own lists; the summary is the layout’s', async () => {
    const layout = await import('../../app/routes/agency+/finance/route')
    const payments = await import('../../app/routes/agency+/finance.payments')
    const { agency, token } = await agencyWithToken()
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const summary = await layout.loader(args(get('/agency/finance/payments', token)))
    expect(summary.balance).toBeDefined()
    const list = await payments.loader(args(get('/agency/finance/payments?status_tab=All', token)))
    expect(list.statusTab).toBe('All')
    expect(list.rows.map((r) => r.id)).toContain(policy.id)
  })
})
