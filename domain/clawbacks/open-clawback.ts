// The contract between the full-refund / amendment flows and the clawback flow: keep the signature.
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { clawbacks, commissions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { conflict, validation } from '../shared/errors'
import { formatCents } from '../shared/format'
import { notify } from '../notifications/notify'
import { lockPolicyFor, transitionPolicy } from '../policies/policy-history'
import {
  createPolicyFinanceInvoice,
  modifyPolicyFinance,
} from '../finance/policy-payments/modify-policy-finance'
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
export async function openClawback(tx: DbOrTx, c: Opening): Promise<{ clawbackId: number }> {
  const policy = await lockPolicyFor(tx, c.policyId, 'initiateClawback')
  const { rate, amount } = await clawbackTerms(tx, policy, c)
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
      created_by: typeof c.actor !== 'string' && 'identityId' in c.actor ? c.actor.identityId : null,
    })
    .returning()
  const input = { type: 'CLAWBACK' as const, total_premium_amount: amount }
  const { invoiceId } =
    typeof c.actor === 'string'
      ? await createPolicyFinanceInvoice(tx, { actor: c.actor, policyId: policy.id, input })
      : await modifyPolicyFinance({ actor: c.actor, policyId: policy.id, input, tx })
  await tx.update(clawbacks).set({ invoice_id: invoiceId }).where(eq(clawbacks.id, row.id))
  await announceClawback(tx, policy, c, { clawbackId: row.id, invoiceId, rate, amount })
  return { clawbackId: row.id }
}

type Opening = {
  policyId: number
  premiumAmount: number
  commissionAmount?: number
  actor: Actor | string
  document?: string | null
  documentName?: string | null
  note?: string | null
  /** Opened by an amendment: the policy stays in force with its status (followPolicy). */
  keepPolicyStatus?: boolean
}
type Policy = Awaited<ReturnType<typeof lockPolicyFor>>

/**
 * The commission rate and the commission to claw back (cents), once the clawback fits: the
 * commission paid out, none other open, the premium and the commission part within what was paid.
 */
async function clawbackTerms(tx: DbOrTx, policy: Policy, c: Opening) {
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
  return { rate, amount }
}

/** The policy's transition and history, the clawback's history, and the agency told. */
async function announceClawback(
  tx: DbOrTx,
  policy: Policy,
  c: Opening,
  o: { clawbackId: number; invoiceId: number; rate: string; amount: number },
) {
  const what = `Clawback of ${formatCents(o.amount)} commission (on ${formatCents(c.premiumAmount)} premium at ${Number(o.rate)}%)`
  const note = c.note ? `${what}: ${c.note}` : what
  await transitionPolicy(tx, policy, 'initiateClawback', {
    actor: c.actor,
    to: c.keepPolicyStatus ? policy.status : undefined,
    set: { clawback_amount: o.amount },
    note,
    meta: { clawback_id: o.clawbackId, invoice_id: o.invoiceId },
  })
  await recordClawbackHistory(tx, {
    clawbackId: o.clawbackId,
    agencyId: policy.agency_id,
    action: 'INITIATED',
    actor: c.actor,
    toStatus: 'INITIATED',
    note,
    meta: { invoice_id: o.invoiceId, premium_amount: c.premiumAmount, commission_amount: o.amount },
  })
  await notify(
    tx,
    {
      eventType: 'CLAWBACK_INITIATED',
      title: `Clawback on policy ${policy.ref}`,
      message: `${formatCents(o.amount)} of commission paid on policy ${policy.ref} is to be paid back`,
      link: agencyClawbackPath(policy.id),
      meta: { clawback_id: o.clawbackId, policy_id: policy.id },
    },
    { agencyId: policy.agency_id },
  )
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
