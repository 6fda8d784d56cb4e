import { getDb } from '../../db/client'
import type { Actor } from '../shared/actor'
import { fromCents } from '../shared/money'
import { lockPolicyFor, transitionPolicy } from './policy-history'
import type { InitiatePolicyInput } from './policies.schemas'
import { assertFamilyFits, familyOf } from './customer-family'
import { assertPolicyWriter } from './policy-guards'
import { cancelOpenPremiumInvoices, openPremiumInvoice } from './premium-invoices'
import { loadCustomer, policyOfCustomer } from './policy-loading'
import { pricedColumns } from './policy-pricing'
import { defineUseCase } from '../shared/authorize'
import { formatCents, formatDate } from '../shared/format'
import { policyTypeLabel } from '../shared/labels'

/**
 * initiatePolicy (agency 'quote' on its own students; staff 'policy_management'): prices the
 * chosen quote for the policy's agency (404 when the insurer cannot quote it, 409 when a purchase
 * rule protects it), stores the premium, GST, commission and offer, and opens the PREMIUM invoice
 * -> INITIATED. Choosing again while INITIATED re-prices and replaces the unpaid invoice.
 */
export const initiatePolicy = defineUseCase(
  { staff: ['policy_management'], agency: ['quote'] },
  async function initiatePolicy(opts: { actor: Actor; input: InitiatePolicyInput }) {
    const { actor, input } = opts
    assertPolicyWriter(actor)
    return getDb().transaction(async (tx) => {
      const customer = await loadCustomer(actor, input.customer_id, tx)
      const { id } = await policyOfCustomer(customer.id, input.policy_id, tx)
      const policy = await lockPolicyFor(tx, id, 'initiate')
      const people = await familyOf(tx, customer.id)
      assertFamilyFits(input.policy_type, people)
      const priced = await pricedColumns(tx, policy.agency_id, input, people)
      const cancelled = await cancelOpenPremiumInvoices(tx, policy.id, 'The policy was priced again')
      const invoice = await openPremiumInvoice(
        tx,
        policy,
        priced.set,
        'identityId' in actor ? actor.identityId : null,
      )
      await transitionPolicy(tx, policy, 'initiate', {
        actor,
        set: priced.set,
        note: `${priced.provider.display_name} ${policyTypeLabel(input.policy_type).toLowerCase()}, ${formatDate(input.start_date)} to ${formatDate(input.end_date)}: ${formatCents(priced.set.premium)}`,
        meta: { invoice_id: invoice.id, premium: priced.set.premium, cancelled_invoices: cancelled },
      })
      return {
        customerId: customer.id,
        policyId: policy.id,
        invoiceId: invoice.id,
        premium: fromCents(priced.set.premium),
        premium_before_discount: fromCents(priced.set.premium_before_discount),
        premium_without_gst: fromCents(priced.set.premium_without_gst),
        is_offer_applied: priced.set.is_offer_applied,
      }
    })
  },
)
