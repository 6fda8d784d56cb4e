import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { customers, purchaseRules } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { conflict, DomainError, forbidden, invalidTransition } from '../shared/errors'
import { DECLARATION_MESSAGES, type Declaration } from '../policies/customer.schemas'
import { canTransition, STATUS_LABELS } from '../policies/policies.rules'
import { ruleBlocks } from '../quotes/pricing.rules'
import { METHOD_LABELS, type PaymentMethod } from './payments.rules'
import type { PolicyRow } from './purchase-loading'
import type { paymentOptions } from './payment-options'

/** The agency side with the `purchase` permission (spec/02 section 6). */
export function assertPurchaser(actor: Actor) {
  if (!isAgencySide(actor)) throw forbidden()
  if (!actor.permissions.has('purchase')) throw forbidden()
  return actor
}

/** 409 unless the policy may be bought now (INITIATED or PAYMENT_REJECTED) and is priced. */
export function assertPurchasable(policy: PolicyRow) {
  if (!canTransition('purchaseAwaitingPayment', policy.status))
    throw invalidTransition(
      `This policy cannot be paid while it is "${STATUS_LABELS[policy.status]}" (${policy.status})`,
    )
  if (policy.premium === null || policy.insurance_provider_id === null || policy.policy_type === null)
    throw conflict('This policy has not been priced yet: choose a quote first')
  return {
    premium: policy.premium,
    providerId: policy.insurance_provider_id,
    policyType: policy.policy_type,
  }
}

/** 409 unless `method` is available for this policy (BNPL: the insurer must allow it too). */
export function assertMethodAvailable(
  options: Awaited<ReturnType<typeof paymentOptions>>,
  method: PaymentMethod,
) {
  if (!options.providerConfig) throw conflict('This insurer is not configured for your agency')
  if (method === 'BNPL' && !options.providerConfig.is_buy_now_pay_later_enabled)
    throw conflict('Buy now, pay later is not enabled for this insurer')
  // Past a settlement deadline: the reason names the overdue purchases. A short allowance keeps
  // the ledger's own refusal ("Insufficient buy now pay later allowance").
  if (method === 'BNPL' && options.bnplBlocked) throw conflict(options.bnplBlocked)
  if (method === 'BNPL' && options.bnplUnavailableReason) throw conflict(options.bnplUnavailableReason)
  if (!options.methods[method]) throw conflict(`${METHOD_LABELS[method]} is not available for this policy`)
}

/** A read-only look at the purchase rules: 409 when a rule still protects this pair. */
export async function assertNotProtectedByRule(
  db: DbOrTx,
  p: { agencyId: number; providerId: number; policyType: PolicyRow['policy_type'] },
) {
  const rules = await db.select().from(purchaseRules).where(eq(purchaseRules.agency_id, p.agencyId))
  const blocking = rules.find(
    (r) =>
      r.can_buy_insurance_provider_id === p.providerId &&
      r.can_buy_policy_type === p.policyType &&
      ruleBlocks(r),
  )
  if (blocking) throw conflict('This quote is protected by a purchase rule')
}

/**
 * 400 unless the student has made both declarations (eligible primary visa holder, terms
 * accepted): a policy is not paid without them. Each missing one is named as a field.
 */
export async function assertDeclarationsMade(db: DbOrTx, policy: Pick<PolicyRow, 'customer_id'>) {
  const [c] = await db
    .select({
      is_primary_visa_holder_and_eligible_to_apply: customers.is_primary_visa_holder_and_eligible_to_apply,
      has_accepted_terms: customers.has_accepted_terms,
    })
    .from(customers)
    .where(eq(customers.id, policy.customer_id))
  const missing = (Object.keys(DECLARATION_MESSAGES) as Declaration[]).filter((f) => c?.[f] !== true)
  if (!missing.length) return
  throw new DomainError(
    'VALIDATION',
    `This policy cannot be paid until the student's declarations are ticked in step 1 (${missing.join(', ')}): ${missing.map((f) => DECLARATION_MESSAGES[f]).join('; ')}`,
    Object.fromEntries(missing.map((f) => [f, [DECLARATION_MESSAGES[f]]])),
  )
}
