import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customers, insuranceProviders } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { assertPermission } from '../shared/actor'
import { fromCents } from '../shared/money'
import { canTransition, STATUS_LABELS } from '../policies/policies.rules'
import { loadPolicyFor } from './purchase-loading'
import { paymentOptions } from './payment-options'
import { defineUseCase } from '../shared/authorize'
import { receivingBankAccount } from '../shared/config'

/**
 * getAvailablePaymentMethodsForAgency (agency side with `purchase` or `finance` for its own
 * policies, staff with `finance`): which methods the policy's agency may use for its insurer,
 * with the balance, the BNPL allowance left and the card amount with the surcharge (decimals),
 * and for a bank transfer the account to pay into with the reference to quote (the policy ref).
 */
export const getAvailablePaymentMethods = defineUseCase(
  { staff: ['finance'], agency: ['purchase', 'finance'] },
  async function getAvailablePaymentMethods(opts: { actor: Actor; policyId: number }) {
    assertPermission(opts.actor, 'purchase', 'finance')
    const { policy, agency } = await loadPolicyFor(opts.actor, opts.policyId)
    const o = await paymentOptions(getDb(), policy, agency)
    const [customer] = await getDb()
      .select({ first_name: customers.first_name, last_name: customers.last_name })
      .from(customers)
      .where(eq(customers.id, policy.customer_id))
    const [insurer] = policy.insurance_provider_id
      ? await getDb()
          .select({ name: insuranceProviders.display_name })
          .from(insuranceProviders)
          .where(eq(insuranceProviders.id, policy.insurance_provider_id))
      : []
    return {
      policy_id: policy.id,
      ref: policy.ref,
      status: policy.status,
      status_label: STATUS_LABELS[policy.status],
      isPayable: canTransition('purchaseAwaitingPayment', policy.status) && policy.premium !== null,
      Bank: o.methods.BANK,
      AgencyBalance: o.methods.AGENCY_BALANCE,
      BuyNowPayLater: o.methods.BNPL,
      /** Why BuyNowPayLater is false although configured on (overdue settlement, allowance), else null. */
      buyNowPayLaterUnavailableReason: o.bnplUnavailableReason,
      Card: o.methods.CARD,
      Nexpay: o.methods.NEXPAY,
      buyNowPayLaterRemainingAmount: fromCents(o.bnplRemaining),
      buyNowPayLaterAmount: fromCents(o.bnplTotal),
      agencyBalance: fromCents(o.balance),
      isCardSurchargeEnabled: o.card.enabled,
      cardSurchargeRate: Number(o.card.configuredRate),
      premium: fromCents(o.premium),
      currency: policy.premium_currency,
      cardSurchargeAmount: fromCents(o.card.surcharge),
      cardAmount: fromCents(o.card.total),
      nexpayReference: policy.ref,
      bankTransfer: { account: receivingBankAccount(), reference: policy.ref },
      policy: {
        ref: policy.ref,
        policy_type: policy.policy_type,
        start_date: policy.start_date,
        end_date: policy.end_date,
        student: customer ? `${customer.first_name} ${customer.last_name}` : null,
        insurer: insurer?.name ?? null,
        insurance_provider_id: policy.insurance_provider_id,
      },
    }
  },
)
