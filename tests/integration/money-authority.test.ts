// One authority for money (issue 22, DESIGN.md §14): a credit to an agency from a staff decision
// needs a decider holding `finance` who neither made nor last changed the record. Per money use
// case: its maker is refused (403) and nothing moved; staff without `finance` are refused (403).
// Then the journal's writer itself (the backstop a use case cannot forget).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalances,
  agencyBalanceTransactions,
  agencyConfigurations,
  agencyTopups,
  amendments,
  bnplPaymentRequests,
  bnplTransactions,
  files,
  invoicePayments,
  invoices,
  moneyAccounts,
  moneyTransfers,
  oshcPermissions,
  oshcRolePermissions,
  oshcUsers,
  sessions,
} from '../../db/schema'
import { createAgency, createPolicy } from '../../db/seed/factories'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { MAKER_CHECKER_MSG } from '../../domain/finance/finance.rules'
import { account } from '../../domain/money/accounts'
import {
  decidePending,
  getAccount,
  postPending,
  postTransfers,
  type MoneyDecision,
  type TransferInput,
} from '../../domain/money/journal'
import type { Actor } from '../../domain/shared/actor'
import { sha256 } from '../../domain/shared/crypto'
import { DomainError } from '../../domain/shared/errors'
import { agencyWithToken, api, staffWith } from '../setup/api'
import { openTask, policyRow } from '../setup/amendments'
import { startWorker } from '../setup/worker'

const AF = '/agencies/finance-management'
const AP = '/agencies/policy-management'
const OF = '/oshc/finance-management'
const SP = '/oshc/policy-management'
const PAYMENT = '/payment-system/invoice-payment'
const DOC = '/payment-system/invoice-payment-document'
const INV = '/payment-system/invoice'
const NO_PERMISSION = 'You do not have permission to do this'
const PAID_ON = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)

type Staff = { token: string; identityId: number }

let stop: () => Promise<void>
/** Staff holding finance (and policy_management, so they may also set and confirm premiums). */
let maker: Staff
let checker: Staff
/** Staff without finance. */
let desk: Staff
let seq = 0

/** A staff member holding `permissions`, with the identity id their decisions are recorded under. */
async function staffMember(permissions: readonly string[]): Promise<Staff> {
  const token = await staffWith(permissions)
  const [s] = await getDb()
    .select({ identityId: sessions.identity_id })
    .from(sessions)
    .where(eq(sessions.token_hash, sha256(token)))
  return { token, identityId: s.identityId }
}

beforeAll(async () => {
  stop = await startWorker()
  ;[maker, checker, desk] = await Promise.all([
    staffMember(['finance', 'policy_management']),
    staffMember(['finance', 'policy_management']),
    staffMember(['policy_management']),
  ])
})
afterAll(() => stop())

async function uploadedFile(agencyId: number | null) {
  const key = `private/authority-${Date.now().toString(36)}-${++seq}.pdf`
  await getDb().insert(files).values({
    key,
    folder: 'private',
    filename: 'proof.pdf',
    content_type: 'application/pdf',
    size: 10,
    agency_id: agencyId,
    uploaded_at: new Date(),
  })
  return key
}

/**
 * Everything that moves money for an agency: its balance row (balance and BNPL remaining), its
 * ledger rows, its journal accounts and the transfers touching them.
 */
async function moneyOf(agencyId: number) {
  const db = getDb()
  const [balance] = await db
    .select({
      balance: agencyBalances.balance,
      remaining: agencyBalances.buy_now_pay_later_remaining_amount,
    })
    .from(agencyBalances)
    .where(eq(agencyBalances.agency_id, agencyId))
  const ledger = await db
    .select({ id: agencyBalanceTransactions.id })
    .from(agencyBalanceTransactions)
    .where(eq(agencyBalanceTransactions.agency_id, agencyId))
  const bnpl = await db
    .select({ id: bnplTransactions.id })
    .from(bnplTransactions)
    .where(eq(bnplTransactions.agency_id, agencyId))
  const accounts = await db
    .select({
      code: moneyAccounts.code,
      pd: moneyAccounts.posted_debits,
      pc: moneyAccounts.posted_credits,
      xd: moneyAccounts.pending_debits,
      xc: moneyAccounts.pending_credits,
    })
    .from(moneyAccounts)
    .where(eq(moneyAccounts.agency_id, agencyId))
    .orderBy(asc(moneyAccounts.code))
  const transfers = await db
    .select({ id: moneyTransfers.id, state: moneyTransfers.state })
    .from(moneyTransfers)
    .where(eq(moneyTransfers.agency_id, agencyId))
    .orderBy(asc(moneyTransfers.id))
  return { balance, ledger: ledger.length, bnpl: bnpl.length, accounts, transfers }
}

function expectRefused(r: { status: number; body: any }, message: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(403)
  expect(r.body.message).toBe(message)
}

describe('top-up approval', () => {
  async function requested() {
    const { agency, token } = await agencyWithToken()
    const r = await api('POST', `${AF}/doTopUpByAgency`, {
      token,
      body: {
        agency_id: agency.id,
        payment_method: 'BANK',
        receipt_url: await uploadedFile(agency.id),
        amount: 75,
        topup_date: PAID_ON,
      },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    return { agency, topupId: r.body.data.topup.id as number }
  }
  const topup = async (id: number) =>
    (await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, id)))[0]

  it('its maker (a top-up staff entered for the agency) is refused and nothing moved', async () => {
    const { agency, topupId } = await requested()
    await getDb()
      .update(agencyTopups)
      .set({ created_by: maker.identityId })
      .where(eq(agencyTopups.id, topupId))
    const before = await moneyOf(agency.id)
    const own = await api('POST', `${OF}/topUpApprove`, { token: maker.token, body: { top_up_id: topupId } })
    expectRefused(own, MAKER_CHECKER_MSG)
    expect(await moneyOf(agency.id)).toEqual(before)
    expect(await topup(topupId)).toMatchObject({ status: 'REQUESTED', decided_by: null })
    const ok = await api('POST', `${OF}/topUpApprove`, { token: checker.token, body: { top_up_id: topupId } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect((await getAccount(getDb(), account.agencyBalance(agency.id)))?.balance).toBe(7500)
  })

  it('staff without finance are refused and nothing moved', async () => {
    const { agency, topupId } = await requested()
    const before = await moneyOf(agency.id)
    expectRefused(
      await api('POST', `${OF}/topUpApprove`, { token: desk.token, body: { top_up_id: topupId } }),
      NO_PERMISSION,
    )
    expect(await moneyOf(agency.id)).toEqual(before)
    expect((await topup(topupId)).status).toBe('REQUESTED')
  })
})

describe('bank part verification', () => {
  /** An agency with a staff-made invoice (by checker) and a pending BANK part of it with its proof. */
  async function pendingBankPart() {
    const { agency, token } = await agencyWithToken()
    const inv = await api('POST', `${INV}/createInvoiceWithLineItems`, {
      token: checker.token,
      body: { line_item_type: 'PREMIUM', total_amount: 120, agency_id: agency.id, is_draft: false },
    })
    expect(inv.status, JSON.stringify(inv.body)).toBe(201)
    const invoiceId = inv.body.data.invoice_id as number
    const part = await api('POST', `${PAYMENT}/createInvoicePayment`, {
      token,
      body: {
        invoice_id: invoiceId,
        total_amount: 120,
        payment_method: 'BANK',
        bank_document_key: await uploadedFile(agency.id),
      },
    })
    expect(part.status, JSON.stringify(part.body)).toBe(201)
    return {
      agency,
      invoiceId,
      paymentId: part.body.data.payment.id as number,
      docId: part.body.data.document.id,
    }
  }
  const state = async (invoiceId: number) => ({
    invoice: (await getDb().select().from(invoices).where(eq(invoices.id, invoiceId)))[0].status,
    payments: (
      await getDb().select().from(invoicePayments).where(eq(invoicePayments.invoice_id, invoiceId))
    ).map((p) => p.status),
  })

  it('whoever uploaded the proof is its maker: refused, nothing moved', async () => {
    const a = await pendingBankPart()
    const staffDoc = await api('POST', `${DOC}/createInvoicePaymentDocument`, {
      token: maker.token,
      body: { invoice_payment_id: a.paymentId, name: 'Bank statement', url: await uploadedFile(null) },
    })
    expect(staffDoc.status, JSON.stringify(staffDoc.body)).toBe(201)
    const before = await moneyOf(a.agency.id)
    const own = await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
      token: maker.token,
      body: { id: staffDoc.body.data.id, status: 'VERIFIED' },
    })
    expectRefused(own, MAKER_CHECKER_MSG)
    expect(await moneyOf(a.agency.id)).toEqual(before)
    expect(await state(a.invoiceId)).toEqual({ invoice: 'PENDING', payments: ['PENDING'] })
  })

  it('staff without finance are refused, nothing moved; a finance checker verifies', async () => {
    const a = await pendingBankPart()
    const before = await moneyOf(a.agency.id)
    expectRefused(
      await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
        token: desk.token,
        body: { id: a.docId, status: 'VERIFIED' },
      }),
      NO_PERMISSION,
    )
    expect(await moneyOf(a.agency.id)).toEqual(before)
    expect(await state(a.invoiceId)).toEqual({ invoice: 'PENDING', payments: ['PENDING'] })
    const ok = await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
      token: maker.token,
      body: { id: a.docId, status: 'VERIFIED' },
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(await state(a.invoiceId)).toEqual({ invoice: 'PAID', payments: ['COMPLETED'] })
  })
})

describe('invoice mark-paid', () => {
  async function staffInvoice(by: Staff) {
    const { agency } = await agencyWithToken()
    const r = await api('POST', `${INV}/createInvoiceWithLineItems`, {
      token: by.token,
      body: { line_item_type: 'PREMIUM', total_amount: 88, agency_id: agency.id, is_draft: false },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    return { agency, invoiceId: r.body.data.invoice_id as number }
  }
  const paymentsOf = (invoiceId: number) =>
    getDb().select().from(invoicePayments).where(eq(invoicePayments.invoice_id, invoiceId))

  it('its maker is refused and nothing moved; staff without finance too', async () => {
    const { agency, invoiceId } = await staffInvoice(maker)
    const before = await moneyOf(agency.id)
    expectRefused(
      await api('POST', `${PAYMENT}/markAsPaid`, { token: maker.token, body: { invoice_id: invoiceId } }),
      MAKER_CHECKER_MSG,
    )
    expectRefused(
      await api('POST', `${PAYMENT}/markAsPaid`, { token: desk.token, body: { invoice_id: invoiceId } }),
      NO_PERMISSION,
    )
    expect(await moneyOf(agency.id)).toEqual(before)
    expect(await paymentsOf(invoiceId)).toHaveLength(0)
    expect((await getDb().select().from(invoices).where(eq(invoices.id, invoiceId)))[0].status).toBe(
      'PENDING',
    )
  })
})

describe('BNPL settlement approval', () => {
  /** An agency allowed BNPL with one policy bought on credit, and staff `by` sending its settlement. */
  async function settlementSentBy(by: Staff) {
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
    const sent = await api('POST', `${AF}/sendBuyNowPayLaterPaymentRequest`, {
      token: by.token,
      body: {
        agency_id: agency.id,
        payment_type: 'BANK',
        policies: [policy.id],
        by_pass_document_validation: true,
      },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    return { agency, requestId: sent.body.data.id as number }
  }
  const approve = (by: Staff, id: number) =>
    api('POST', `${OF}/approveBuyNowPayLaterPaymentRequest`, {
      token: by.token,
      body: { buyNowPaylaterPaymentId: id },
    })
  const status = async (id: number) =>
    (await getDb().select().from(bnplPaymentRequests).where(eq(bnplPaymentRequests.id, id)))[0].status

  it('its sender is refused and nothing moved; staff without finance too; a second finance person approves', async () => {
    const { agency, requestId } = await settlementSentBy(maker)
    const before = await moneyOf(agency.id)
    expectRefused(await approve(maker, requestId), MAKER_CHECKER_MSG)
    expectRefused(await approve(desk, requestId), NO_PERMISSION)
    expect(await moneyOf(agency.id)).toEqual(before)
    expect(await status(requestId)).toBe('REQUESTED')
    const ok = await approve(checker, requestId)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect((await moneyOf(agency.id)).balance.remaining).toBe(2_000_000)
  })
})

describe('amendment credit (a staff-set premium below the repriced one)', () => {
  /** A paid policy and a staff-opened amendment at A$300.00, the premium set by `by`. */
  async function staffSetCredit(by: Staff) {
    const { agency, token } = await agencyWithToken()
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })
    const opened = await api('POST', `${SP}/handlePolicyAmendment/${policy.id}`, {
      token: by.token,
      body: { amendment_premium: 300, amendment_note: 'Goodwill' },
    })
    expect(opened.status, JSON.stringify(opened.body)).toBe(201)
    const id = opened.body.data.amendment_id as number
    await openTask(id, 'amendment_confirm_premium_by_admin')
    return { agency, token, policy, id }
  }
  const confirm = (by: Staff, id: number) =>
    api('POST', `${SP}/updateAmmendmentPolicyById`, {
      token: by.token,
      body: { id, is_premium_confirmed_by_admin: true },
    })
  const accept = (token: string, id: number) =>
    api('POST', `${AP}/updatePolicyPremium/${id}`, { token, body: { premium: 300, allow_payment: true } })
  const amendment = async (id: number) =>
    (await getDb().select().from(amendments).where(eq(amendments.id, id)))[0]

  it('its maker (who set the premium) is refused and nothing moved; staff without finance too', async () => {
    const a = await staffSetCredit(maker)
    const before = await moneyOf(a.agency.id)
    expectRefused(await confirm(maker, a.id), MAKER_CHECKER_MSG)
    const alone = await confirm(desk, a.id)
    expect(alone.status).toBe(403)
    expect(alone.body.message).toMatch(/a second staff member holding finance confirms it$/)
    expect(await moneyOf(a.agency.id)).toEqual(before)
    expect(await amendment(a.id)).toMatchObject({
      next_step: 'CONFIRM_PREMIUM_BY_ADMIN',
      is_premium_confirmed_by_admin: false,
    })
  })

  it('the writer refuses the credit at acceptance once its confirmer no longer holds finance; nothing moved', async () => {
    const confirmer = await staffMember(['finance', 'policy_management'])
    const a = await staffSetCredit(maker)
    const ok = await confirm(confirmer, a.id)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    // The confirmer's role loses finance before the agency accepts.
    const [u] = await getDb().select().from(oshcUsers).where(eq(oshcUsers.identity_id, confirmer.identityId))
    const finance = getDb()
      .select({ id: oshcPermissions.id })
      .from(oshcPermissions)
      .where(eq(oshcPermissions.name, 'finance'))
    await getDb()
      .delete(oshcRolePermissions)
      .where(
        and(eq(oshcRolePermissions.role_id, u.role_id!), inArray(oshcRolePermissions.permission_id, finance)),
      )
    const before = await moneyOf(a.agency.id)
    const refused = await accept(a.token, a.id)
    // The writer's 403 inside the workflow's activity keeps its code through the Update
    // (temporal/port-helpers.ts refusalOf).
    expect(refused.status, JSON.stringify(refused.body)).toBe(403)
    expect(refused.body.message).toBe(NO_PERMISSION)
    expect(await moneyOf(a.agency.id)).toEqual(before)
    expect(await amendment(a.id)).toMatchObject({
      is_premium_confirmed_by_agency: false,
      status: 'INITIATED',
    })
    // With finance back, the same acceptance credits the difference once.
    const [perm] = await finance
    await getDb().insert(oshcRolePermissions).values({ role_id: u.role_id!, permission_id: perm.id })
    const premium = (await policyRow(a.policy.id)).premium!
    const accepted = await accept(a.token, a.id)
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect((await moneyOf(a.agency.id)).balance.balance).toBe(before.balance.balance + premium - 30000)
  })
})

describe("the journal's writer", () => {
  const staffActor = (s: Staff, perms: string[]): Actor => ({
    kind: 'Oshc',
    identityId: s.identityId,
    userId: s.identityId,
    email: `staff-${s.identityId}@oshc.local`,
    permissions: new Set(perms),
  })
  let n = 0
  const credit = (
    agencyId: number,
    decision: MoneyDecision,
    key = `authority:${Date.now()}:${++n}`,
  ): TransferInput => ({
    key,
    debit: account.clearing('bank'),
    credit: account.agencyBalance(agencyId),
    amount: 40_00,
    code: 'TOPUP',
    actor: decision.by,
    agencyId,
    decision,
  })
  async function refusal(p: Promise<unknown>) {
    try {
      await p
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError)
      expect((err as DomainError).code).toBe('FORBIDDEN')
      return (err as DomainError).message
    }
    return 'ok'
  }
  const fresh = () => createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })
  const makerDecision = () => ({ by: staffActor(maker, ['finance']), makers: [maker.identityId] })

  it('postTransfers: a credit decided by its maker is refused; by staff without finance refused; by another finance staff member posted', async () => {
    const agency = await fresh()
    const before = await moneyOf(agency.id)
    expect(
      await refusal(getDb().transaction((tx) => postTransfers(tx, [credit(agency.id, makerDecision())]))),
    ).toBe(MAKER_CHECKER_MSG)
    const noFinance = { by: staffActor(desk, ['policy_management']), makers: [maker.identityId] }
    expect(
      await refusal(getDb().transaction((tx) => postTransfers(tx, [credit(agency.id, noFinance)]))),
    ).toBe(NO_PERMISSION)
    const system = { by: { kind: 'system', name: 'workflow:x' } as Actor, makers: [] }
    expect(await refusal(getDb().transaction((tx) => postTransfers(tx, [credit(agency.id, system)])))).toBe(
      NO_PERMISSION,
    )
    expect(await moneyOf(agency.id)).toEqual(before)
    const ok = { by: staffActor(checker, ['finance']), makers: [maker.identityId, null] }
    const [t] = await getDb().transaction((tx) => postTransfers(tx, [credit(agency.id, ok)]))
    expect(t).toMatchObject({ state: 'POSTED', amount: 40_00 })
    expect((await getAccount(getDb(), account.agencyBalance(agency.id)))?.balance).toBe(40_00)
  })

  it('one refused transfer of a call writes none of them; a debit of the agency carries no check', async () => {
    const agency = await fresh()
    const ok = { by: staffActor(checker, ['finance']), makers: [maker.identityId] }
    await getDb().transaction((tx) => postTransfers(tx, [credit(agency.id, ok)]))
    const before = await moneyOf(agency.id)
    expect(
      await refusal(
        getDb().transaction((tx) =>
          postTransfers(tx, [credit(agency.id, ok), credit(agency.id, makerDecision())]),
        ),
      ),
    ).toBe(MAKER_CHECKER_MSG)
    expect(await moneyOf(agency.id)).toEqual(before)
    // Spending the agency's money is not a credit to it: the decision is not checked.
    const [spent] = await getDb().transaction((tx) =>
      postTransfers(tx, [
        {
          key: `authority:spend:${Date.now()}:${++n}`,
          debit: account.agencyBalance(agency.id),
          credit: account.suspense,
          amount: 10_00,
          code: 'PREMIUM_PAID',
          actor: 'test',
          agencyId: agency.id,
          decision: makerDecision(),
        },
      ]),
    )
    expect(spent.state).toBe('POSTED')
  })

  it('postPending and decidePending: the maker can neither reserve nor post a credit; a void needs no checker', async () => {
    const agency = await fresh()
    const before = await moneyOf(agency.id)
    expect(
      await refusal(getDb().transaction((tx) => postPending(tx, [credit(agency.id, makerDecision())]))),
    ).toBe(MAKER_CHECKER_MSG)
    expect(await moneyOf(agency.id)).toEqual(before)
    // Reserved by the system (a gateway), posted by a staff decision.
    const held = { ...credit(agency.id, makerDecision()), decision: null, actor: 'test' }
    await getDb().transaction((tx) => postPending(tx, [held]))
    expect(
      await refusal(getDb().transaction((tx) => decidePending(tx, held.key, 'post', makerDecision()))),
    ).toBe(MAKER_CHECKER_MSG)
    const noFinance = { by: staffActor(desk, ['policy_management']), makers: [] }
    expect(await refusal(getDb().transaction((tx) => decidePending(tx, held.key, 'post', noFinance)))).toBe(
      NO_PERMISSION,
    )
    const [still] = await getDb()
      .select()
      .from(moneyTransfers)
      .where(eq(moneyTransfers.idempotency_key, held.key))
    expect(still.state).toBe('PENDING')
    const [posted] = await getDb().transaction((tx) =>
      decidePending(tx, held.key, 'post', {
        by: staffActor(checker, ['finance']),
        makers: [maker.identityId],
      }),
    )
    expect(posted.state).toBe('POSTED')
    const other = { ...credit(agency.id, makerDecision()), decision: null, actor: 'test' }
    await getDb().transaction((tx) => postPending(tx, [other]))
    const [voided] = await getDb().transaction((tx) => decidePending(tx, other.key, 'void', makerDecision()))
    expect(voided.state).toBe('VOIDED')
    expect(await getAccount(getDb(), account.agencyBalance(agency.id))).toMatchObject({
      balance: 40_00,
      pending_credits: 0,
    })
  })

  it('postBalanceEntry refuses before writing anything: no balance, no ledger row, no transfer', async () => {
    const agency = await fresh()
    const before = await moneyOf(agency.id)
    const entry = (decision: MoneyDecision) =>
      getDb().transaction((tx) =>
        postBalanceEntry(tx, {
          agencyId: agency.id,
          type: 'AGENCY_TOPUP',
          amount: 25_00,
          actor: decision.by,
          decision,
        }),
      )
    expect(await refusal(entry(makerDecision()))).toBe(MAKER_CHECKER_MSG)
    expect(await moneyOf(agency.id)).toEqual(before)
    await entry({ by: staffActor(checker, ['finance']), makers: [maker.identityId] })
    const after = await moneyOf(agency.id)
    expect(after.balance.balance).toBe(25_00)
    expect(after.ledger).toBe(before.ledger + 1)
    const [row] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(moneyTransfers)
      .where(eq(moneyTransfers.agency_id, agency.id))
    expect(row.n).toBe(1)
  })
})
