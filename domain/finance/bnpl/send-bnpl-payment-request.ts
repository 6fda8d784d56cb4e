import { and, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import {
  bnplPaymentRequestItems,
  bnplPaymentRequests,
  policies,
  policyPremiumPayments,
} from '../../../db/schema'
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
import { bnplSettlementKey, postBalanceEntry } from '../ledger/ledger'
import { REQUESTABLE_BNPL_STATUSES } from './bnpl.rules'
import { BANK_DOCUMENT_REQUIRED, type SendBnplRequest } from './bnpl.schemas'
import { bnplTaskId, presentBnplRequest, recordBnplHistory } from './bnpl-requests'
import { staffLinks } from '../../shared/links'

const DAY_MS = 86_400_000

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
    if (input.payment_type === 'BANK' && !bypass) {
      if (!input.bank_document) throw validation('bank_document', BANK_DOCUMENT_REQUIRED)
      try {
        await assertFileUsable(input.bank_document, actor, agency.id)
      } catch (err) {
        if (err instanceof DomainError && err.code === 'VALIDATION')
          throw validation('bank_document', err.message)
        throw err
      }
    }
    const bankDocument = input.payment_type === 'BANK' ? input.bank_document : null
    const createdBy = 'identityId' in actor ? actor.identityId : null

    const { request, items } = await getDb().transaction(async (tx) => {
      const owned = await tx
        .select({ id: policies.id, ref: policies.ref })
        .from(policies)
        .where(and(inArray(policies.id, policyIds), eq(policies.agency_id, agency.id)))
      const missing = policyIds.filter((id) => !owned.some((p) => p.id === id))
      if (missing.length) throw notFound(`Policy ${missing.join(', ')}`)
      // The BNPL premium payments, locked: two requests for one policy cannot both pass.
      const payments = await tx
        .select()
        .from(policyPremiumPayments)
        .where(
          and(
            inArray(policyPremiumPayments.policy_id, policyIds),
            eq(policyPremiumPayments.payment_type, 'BNPL'),
          ),
        )
        .for('update')
      const refOf = (id: number) => owned.find((p) => p.id === id)!.ref
      const latest = new Map<number, (typeof payments)[number]>()
      for (const p of payments) {
        const seen = latest.get(p.policy_id)
        if (!seen || seen.id < p.id) latest.set(p.policy_id, p)
      }
      const inRequest = policyIds.filter(
        (id) => latest.get(id)?.status === 'PENDING_CREDIT_PAYMENT_REQUESTED',
      )
      if (inRequest.length)
        throw conflict(
          `Already in an open buy now, pay later settlement request: ${inRequest.map(refOf).join(', ')}`,
        )
      const notOwed = policyIds.filter(
        (id) => !(REQUESTABLE_BNPL_STATUSES as readonly string[]).includes(latest.get(id)?.status ?? ''),
      )
      if (notOwed.length)
        throw conflict(`Not an unsettled buy now, pay later purchase: ${notOwed.map(refOf).join(', ')}`)
      const owed = policyIds.map((id) => ({ policyId: id, ref: refOf(id), payment: latest.get(id)! }))
      const total = owed.reduce((s, o) => s + o.payment.amount, 0)

      const [request] = await tx
        .insert(bnplPaymentRequests)
        .values({
          agency_id: agency.id,
          status: 'REQUESTED',
          payment_type: input.payment_type,
          bank_document: bankDocument,
          total_amount: total,
          created_by: createdBy,
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
      await tx
        .update(policyPremiumPayments)
        .set({ status: 'PENDING_CREDIT_PAYMENT_REQUESTED', rejection_reason: null, updated_by: createdBy })
        .where(
          inArray(
            policyPremiumPayments.id,
            owed.map((o) => o.payment.id),
          ),
        )
      const { invoice } = await createInvoice(tx, {
        agencyId: agency.id,
        type: 'BNPL_PAYMENT',
        from: PRODUCT_PARTY,
        to: AGENCY_PARTY,
        createdBy,
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
      if (input.payment_type === 'AGENCY_BALANCE') {
        await postBalanceEntry(tx, {
          agencyId: agency.id,
          type: 'CREDIT_PAYMENT',
          amount: -total,
          actor,
          invoiceId: invoice.id,
          note: `Buy now, pay later settlement #${request.id}`,
          // Reserved until finance decides: posted on approval, voided on rejection.
          journal: { reserve: bnplSettlementKey(request.id) },
        })
      }
      await recordInvoicePayment(tx, {
        invoiceId: invoice.id,
        method: input.payment_type,
        amount: total,
        status: 'PENDING',
        actor,
        ref: `BNPL-${request.id}`,
        meta: { bnpl_request_id: request.id, bank_document: bankDocument },
      })
      const [withInvoice] = await tx
        .update(bnplPaymentRequests)
        .set({ invoice_id: invoice.id })
        .where(eq(bnplPaymentRequests.id, request.id))
        .returning()
      await recordBnplHistory(tx, {
        requestId: request.id,
        agencyId: agency.id,
        action: 'REQUESTED',
        to: 'REQUESTED',
        actor,
        note: `Settlement of ${formatCents(total)} by ${input.payment_type} for ${owed.map((o) => o.ref).join(', ')}${bypass && !bankDocument && input.payment_type === 'BANK' ? ' (document check bypassed by staff)' : ''}`,
        meta: { invoice_id: invoice.id, policies: policyIds },
      })
      await notify(
        tx,
        {
          eventType: 'BNPL_PAYMENT_REQUESTED',
          title: 'Buy now, pay later settlement to verify',
          message: `${agency.full_company_name ?? agency.email} sent a settlement of ${formatCents(total)} for ${owed.length} ${owed.length === 1 ? 'policy' : 'policies'}`,
          link: staffLinks.bnpl(request.id),
          meta: { bnpl_request_id: request.id },
        },
        { staffPermission: 'finance' },
      )
      return { request: withInvoice, items: owed }
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
      policies: items.map((i) => ({ policy_id: i.policyId, ref: i.ref })),
    }
  },
)
