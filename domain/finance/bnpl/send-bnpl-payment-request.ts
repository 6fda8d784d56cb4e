import { and, eq, inArray } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { bnplPaymentRequestItems, bnplPaymentRequests, policies } from '../../../db/schema'
import { assertPermission, isStaff, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { conflict, DomainError, notFound, validation } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { assertFileUsable } from '../../files/storage'
import { notify } from '../../notifications/notify'
import { syncWorkflowTasks } from '../../tasks/workflow-tasks'
import { AGENCY_PARTY, createInvoice, PRODUCT_PARTY } from '../invoices/invoices'
import { recordInvoicePayment } from '../invoices/invoice-payments'
import {
  lockLatestBnplPremiums,
  markBnplPremiumsRequested,
  type PremiumPaymentRow,
} from '../policy-payments/bnpl-premiums'
import { REQUESTABLE_BNPL_STATUSES } from './bnpl.rules'
import { BANK_DOCUMENT_REQUIRED, type SendBnplRequest } from './bnpl.schemas'
import { bnplTaskId, presentBnplRequest, recordBnplHistory, type BnplRequestRow } from './bnpl-requests'
import { reserveBalanceSettlement } from './bnpl-settlement-money'
import { staffLinks } from '../../shared/links'
import { paymentMethodInText } from '../../shared/labels'

const DAY_MS = 86_400_000

type Agency = Awaited<ReturnType<typeof assertAgencyAccess>>
type Owed = { policyId: number; ref: string; payment: PremiumPaymentRow }
/** One settlement being sent: who sends it, for which agency, how it is paid. */
type Sending = {
  actor: Actor
  agency: Agency
  paymentType: SendBnplRequest['payment_type']
  bankDocument: string | null
  createdBy: number | null
  /** Staff sent a BANK settlement without its document. */
  bypassed: boolean
}

/**
 * sendBuyNowPayLaterPaymentRequest: the agency (finance or purchase; its own agency, another's id
 * is 404) or staff with finance on its behalf settles BNPL purchases. Each policy must be the
 * agency's (else 404), bought with BNPL and owed (premium payment PENDING_CREDIT_PAYMENT, or
 * PENDING_CREDIT_PAYMENT_REJECTED after a rejected request); one already in an open request, or
 * not owed, is a 409 naming it. BANK needs bank_document (an uploaded file key) unless staff set
 * by_pass_document_validation (an agency's bypass is ignored); AGENCY_BALANCE debits the balance
 * now (ledger CREDIT_PAYMENT; 409 "Insufficient agency balance") and a rejection gives it back.
 * In one transaction: the request REQUESTED with its items, the premiums
 * PENDING_CREDIT_PAYMENT_REQUESTED, a BNPL_PAYMENT invoice (one BNPL_PREMIUM line per policy, the
 * agency pays OSHC), its PENDING invoice payment, the history row and a staff notification; then
 * the staff inbox task `bnpl-<id>` (due in a day). Amounts in cents; answers AUD decimals.
 */
export const sendBnplPaymentRequest = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function sendBnplPaymentRequest(opts: { actor: Actor; input: SendBnplRequest }) {
    const { actor, input } = opts
    assertPermission(actor, 'finance', 'purchase')
    const agency = await assertAgencyAccess(actor, input.agency_id)
    const policyIds = [...new Set(input.policies)]
    const bypass = isStaff(actor) && input.by_pass_document_validation
    if (input.payment_type === 'BANK' && !bypass)
      await assertBankDocument(input.bank_document, actor, agency.id)
    const bankDocument = input.payment_type === 'BANK' ? input.bank_document : null
    const s: Sending = {
      actor,
      agency,
      paymentType: input.payment_type,
      bankDocument,
      createdBy: 'identityId' in actor ? actor.identityId : null,
      bypassed: bypass && !bankDocument && input.payment_type === 'BANK',
    }
    const { request, owed } = await getDb().transaction(async (tx) => {
      const owed = await lockOwedPremiums(tx, agency.id, policyIds)
      const opened = await openRequest(tx, s, owed)
      await markBnplPremiumsRequested(
        tx,
        owed.map((o) => o.payment.id),
        s.createdBy,
      )
      const request = await invoiceRequest(tx, s, opened, owed)
      await recordBnplHistory(tx, {
        requestId: request.id,
        agencyId: agency.id,
        action: 'REQUESTED',
        to: 'REQUESTED',
        actor,
        note: `Settlement of ${formatCents(request.total_amount)} by ${paymentMethodInText(s.paymentType)} for ${owed.map((o) => o.ref).join(', ')}${s.bypassed ? ' (document check bypassed by staff)' : ''}`,
        meta: { invoice_id: request.invoice_id, policies: policyIds },
      })
      await notifyStaff(tx, s, request, owed.length)
      return { request, owed }
    })
    await syncWorkflowTasks(bnplTaskId(request.id), {
      kind: 'bnpl',
      audience: 'staff',
      subject: `Verify buy now, pay later settlement of ${formatCents(request.total_amount)} for ${agency.full_company_name ?? agency.email}`,
      agencyId: agency.id,
      link: staffLinks.bnpl(request.id),
      dueAt: new Date(clock.now().getTime() + DAY_MS),
      amount: request.total_amount,
    })
    return {
      ...presentBnplRequest(request),
      policies: owed.map((o) => ({ policy_id: o.policyId, ref: o.ref })),
    }
  },
)

/** A BANK settlement's proof: an uploaded file the actor may use for the agency (400 on bank_document). */
async function assertBankDocument(bankDocument: string | null, actor: Actor, agencyId: number) {
  if (!bankDocument) throw validation('bank_document', BANK_DOCUMENT_REQUIRED)
  try {
    await assertFileUsable(bankDocument, actor, agencyId)
  } catch (err) {
    if (err instanceof DomainError && err.code === 'VALIDATION')
      throw validation('bank_document', err.message)
    throw err
  }
}

/**
 * The agency's policies with their owed BNPL premium, locked: a policy not the agency's is 404,
 * one already in an open request or not owed is a 409 naming it.
 */
async function lockOwedPremiums(tx: DbOrTx, agencyId: number, policyIds: number[]): Promise<Owed[]> {
  const owned = await tx
    .select({ id: policies.id, ref: policies.ref })
    .from(policies)
    .where(and(inArray(policies.id, policyIds), eq(policies.agency_id, agencyId)))
  const missing = policyIds.filter((id) => !owned.some((p) => p.id === id))
  if (missing.length) throw notFound(`Policy ${missing.join(', ')}`)
  const latest = await lockLatestBnplPremiums(tx, policyIds)
  const refOf = (id: number) => owned.find((p) => p.id === id)!.ref
  const inRequest = policyIds.filter((id) => latest.get(id)?.status === 'PENDING_CREDIT_PAYMENT_REQUESTED')
  if (inRequest.length)
    throw conflict(
      `Already in an open buy now, pay later settlement request: ${inRequest.map(refOf).join(', ')}`,
    )
  const notOwed = policyIds.filter(
    (id) => !(REQUESTABLE_BNPL_STATUSES as readonly string[]).includes(latest.get(id)?.status ?? ''),
  )
  if (notOwed.length)
    throw conflict(`Not an unsettled buy now, pay later purchase: ${notOwed.map(refOf).join(', ')}`)
  return policyIds.map((id) => ({ policyId: id, ref: refOf(id), payment: latest.get(id)! }))
}

/** The request REQUESTED with one item per owed premium. */
async function openRequest(tx: DbOrTx, s: Sending, owed: Owed[]) {
  const [request] = await tx
    .insert(bnplPaymentRequests)
    .values({
      agency_id: s.agency.id,
      status: 'REQUESTED',
      payment_type: s.paymentType,
      bank_document: s.bankDocument,
      total_amount: owed.reduce((sum, o) => sum + o.payment.amount, 0),
      created_by: s.createdBy,
    })
    .returning()
  await tx.insert(bnplPaymentRequestItems).values(
    owed.map((o) => ({
      request_id: request.id,
      policy_id: o.policyId,
      premium_payment_id: o.payment.id,
      amount: o.payment.amount,
    })),
  )
  return request
}

/**
 * The request's BNPL_PAYMENT invoice (one BNPL_PREMIUM line per policy, the agency pays OSHC), a
 * balance settlement's reserved debit, the invoice's PENDING payment; the request points at it.
 */
async function invoiceRequest(tx: DbOrTx, s: Sending, request: BnplRequestRow, owed: Owed[]) {
  const { invoice } = await createInvoice(tx, {
    agencyId: s.agency.id,
    type: 'BNPL_PAYMENT',
    from: PRODUCT_PARTY,
    to: AGENCY_PARTY,
    createdBy: s.createdBy,
    dueDate: null,
    notes: `Buy now, pay later settlement #${request.id}`,
    items: owed.map((o) => ({
      line_item_type: 'BNPL_PREMIUM' as const,
      line_item_type_id: request.id,
      policy_id: o.policyId,
      description: `Buy now, pay later premium of policy ${o.ref}`,
      total_amount: o.payment.amount,
      payer: AGENCY_PARTY,
      receiver: PRODUCT_PARTY,
      meta: { bnpl_request_id: request.id, premium_payment_id: o.payment.id },
    })),
  })
  const total = request.total_amount
  if (s.paymentType === 'AGENCY_BALANCE')
    await reserveBalanceSettlement(tx, {
      agencyId: s.agency.id,
      requestId: request.id,
      invoiceId: invoice.id,
      total,
      actor: s.actor,
    })
  await recordInvoicePayment(tx, {
    invoiceId: invoice.id,
    method: s.paymentType,
    amount: total,
    status: 'PENDING',
    actor: s.actor,
    ref: `BNPL-${request.id}`,
    meta: { bnpl_request_id: request.id, bank_document: s.bankDocument },
  })
  const [withInvoice] = await tx
    .update(bnplPaymentRequests)
    .set({ invoice_id: invoice.id })
    .where(eq(bnplPaymentRequests.id, request.id))
    .returning()
  return withInvoice
}

/** Staff with finance learn of a settlement to verify. */
async function notifyStaff(tx: DbOrTx, s: Sending, request: BnplRequestRow, count: number) {
  await notify(
    tx,
    {
      eventType: 'BNPL_PAYMENT_REQUESTED',
      title: 'Buy now, pay later settlement to verify',
      message: `${s.agency.full_company_name ?? s.agency.email} sent a settlement of ${formatCents(request.total_amount)} for ${count} ${count === 1 ? 'policy' : 'policies'}`,
      link: staffLinks.bnpl(request.id),
      meta: { bnpl_request_id: request.id },
    },
    { staffPermission: 'finance' },
  )
}
