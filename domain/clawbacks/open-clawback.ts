// The contract between the full-refund / amendment flows and the clawback flow: keep the signature.
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { clawbacks, commissions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { conflict, validation } from '../shared/errors'
import { formatCents } from '../shared/format'
import { notify } from '../notifications/notify'
import { lockPolicyFor, transitionPolicy } from '../policies/policy-history'
import { createPolicyFinanceInvoice, modifyPolicyFinance } from '../finance/policy-payments/modify-policy-finance'
import { agencyClawbackPath, recordClawbackHistory } from './clawback-history'
import {
  clawbackCommission,
  COMMISSION_NOT_PAID_MSG,
  OPEN_CLAWBACK_STATUSES,
  PAID_COMMISSION_STATUSES,
} from './clawbacks.rules'

/**
 * Opens a clawback of a policy's paid-out commission in `tx` (status INITIATED, policy
 * CLAWBACK_INITIATED unless `keepPolicyStatus`, history, invoice via modifyPolicyFinance CLAWBACK). The commission part is
 * `commissionAmount` when given (cents), else round(premiumAmount x the policy's commission_rate / 100).
 * After commit the caller starts its workflow: `clawbackProcess().start(clawbackId)`.
 *
 * Refusals: the policy's status must allow it (`initiateClawback` in policies.rules.ts) and its
 * commission must be PAID (or PAID_AMENDMENT_ADJUSTED), with no other clawback open: else 409
 * with the reason. The premium must be positive and at most the policy's premium, the commission
 * part positive and at most the commission paid (400 on clawback_premium_amount).
 */
export async function openClawback(
  tx: DbOrTx,
  c: {
    policyId: number
    premiumAmount: number
    commissionAmount?: number
    actor: Actor | string
    document?: string | null
    documentName?: string | null
    note?: string | null
    /** Opened by an amendment: the policy stays in force with its status (followPolicy). */
    keepPolicyStatus?: boolean
  },
): Promise<{ clawbackId: number }> {
  const policy = await lockPolicyFor(tx, c.policyId, 'initiateClawback')
  const [commission] = await tx.select().from(commissions).where(eq(commissions.policy_id, policy.id))
  if (!commission || !(PAID_COMMISSION_STATUSES as readonly string[]).includes(commission.status))
    throw conflict(`${COMMISSION_NOT_PAID_MSG} (commission ${commission?.status ?? 'missing'})`)
  await assertNoOpenClawback(tx, policy.id, 'another is opened')
  if (!Number.isInteger(c.premiumAmount) || c.premiumAmount <= 0)
    throw validation('clawback_premium_amount', 'clawback_premium_amount must be greater than 0')
  if (c.premiumAmount > (policy.premium ?? 0))
    throw validation(
      'clawback_premium_amount',
      `clawback_premium_amount cannot exceed the premium of the policy (${formatCents(policy.premium ?? 0)})`,
    )
  const rate = policy.commission_rate ?? commission.commission_rate
  const amount = c.commissionAmount ?? clawbackCommission(c.premiumAmount, rate)
  if (!Number.isInteger(amount) || amount <= 0)
    throw validation('clawback_premium_amount', 'The commission to claw back must be greater than 0')
  if (amount > commission.amount)
    throw validation(
      'clawback_premium_amount',
      `The commission to claw back (${formatCents(amount)}) cannot exceed the commission paid (${formatCents(commission.amount)})`,
    )
  const createdBy = typeof c.actor !== 'string' && 'identityId' in c.actor ? c.actor.identityId : null
  const [row] = await tx
    .insert(clawbacks)
    .values({
      policy_id: policy.id,
      agency_id: policy.agency_id,
      clawback_premium_amount: c.premiumAmount,
      clawback_commission_amount: amount,
      outstanding_amount: amount,
      status: 'INITIATED',
      clawback_document: c.document ?? null,
      clawback_document_name: c.documentName ?? null,
      commission_rate: rate,
      created_by: createdBy,
    })
    .returning()
  const input = { type: 'CLAWBACK' as const, total_premium_amount: amount }
  const { invoiceId } =
    typeof c.actor === 'string'
      ? await createPolicyFinanceInvoice(tx, { actor: c.actor, policyId: policy.id, input })
      : await modifyPolicyFinance({ actor: c.actor, policyId: policy.id, input, tx })
  await tx.update(clawbacks).set({ invoice_id: invoiceId }).where(eq(clawbacks.id, row.id))
  const what = `Clawback of ${formatCents(amount)} commission (on ${formatCents(c.premiumAmount)} premium at ${Number(rate)}%)`
  await transitionPolicy(tx, policy, 'initiateClawback', {
    actor: c.actor,
    to: c.keepPolicyStatus ? policy.status : undefined,
    set: { clawback_amount: amount },
    note: c.note ? `${what}: ${c.note}` : what,
    meta: { clawback_id: row.id, invoice_id: invoiceId },
  })
  await recordClawbackHistory(tx, {
    clawbackId: row.id,
    agencyId: policy.agency_id,
    action: 'INITIATED',
    actor: c.actor,
    toStatus: 'INITIATED',
    note: c.note ? `${what}: ${c.note}` : what,
    meta: { invoice_id: invoiceId, premium_amount: c.premiumAmount, commission_amount: amount },
  })
  await notify(
    tx,
    {
      eventType: 'CLAWBACK_INITIATED',
      title: `Clawback on policy ${policy.ref}`,
      message: `${formatCents(amount)} of commission paid on policy ${policy.ref} is to be paid back`,
      link: agencyClawbackPath(policy.id),
      meta: { clawback_id: row.id, policy_id: policy.id },
    },
    { agencyId: policy.agency_id },
  )
  return { clawbackId: row.id }
}

/**
 * 409 while a clawback of the policy is open (INITIATED, REQUESTED or REJECTED): one clawback at a
 * time, and a refund or amendment, which may open one itself, waits until it is settled.
 */
export async function assertNoOpenClawback(tx: DbOrTx, policyId: number, before: string) {
  const [open] = await tx
    .select({ id: clawbacks.id })
    .from(clawbacks)
    .where(and(eq(clawbacks.policy_id, policyId), inArray(clawbacks.status, [...OPEN_CLAWBACK_STATUSES])))
  if (open)
    throw conflict(`Clawback #${open.id} of this policy is still open: it must be settled before ${before}`)
}
