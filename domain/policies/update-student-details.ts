import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customers, policies } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { invalidTransition } from '../shared/errors'
import { fromCents } from '../shared/money'
import { transitionPolicy } from './policy-history'
import { canTransition, STATUS_LABELS } from './policies.rules'
import type { UpdateStudentDetailsInput } from './policies.schemas'
import { assertPolicyWriter } from './policy-guards'
import { cancelOpenPremiumInvoices, openPremiumInvoice } from './premium-invoices'
import { customerValues } from './customer-columns'
import { loadPolicy } from './policy-loading'
import { pricedColumns } from './policy-pricing'
import { writeFamily } from './customer-family'
import { defineUseCase } from '../shared/authorize'
import { initiateAmendment } from '../amendments/initiate-amendment'

/**
 * updateStudentDetails (agency 'quote' on its own policies; staff 'policy_management'): replaces
 * the student, family and quote of a policy not bought yet and prices it again (a new PREMIUM
 * invoice replaces the unpaid one; a draft becomes INITIATED, a rejected payment stays
 * PAYMENT_REJECTED). After the purchase it is a 409, unless amendment_note is given: the change
 * then opens an amendment (initiateAmendment), answered with old and new price and amendment_id.
 * Answers { old_premium, new_premium, policyId, invoiceId }.
 */
export const updateStudentDetails = defineUseCase(
  { staff: ['policy_management'], agency: ['quote'] },
  async function updateStudentDetails(opts: { actor: Actor; input: UpdateStudentDetailsInput }) {
    const { actor, input } = opts
    assertPolicyWriter(actor)
    if (input.amendment_note) {
      // A paid policy with an amendment note: the change becomes an amendment (domain/amendments).
      const current = await loadPolicy(actor, input.policy_id)
      if (canTransition('initiateAmendment', current.status)) return initiateAmendment({ actor, input })
    }
    return getDb().transaction(async (tx) => {
      await loadPolicy(actor, input.policy_id, tx)
      const [policy] = await tx.select().from(policies).where(eq(policies.id, input.policy_id)).for('update')
      if (!canTransition('editBeforePurchase', policy.status)) {
        throw invalidTransition(
          `The policy is "${STATUS_LABELS[policy.status]}" (${policy.status}): details can only be changed before the purchase. Changes after the purchase need an amendment.`,
        )
      }
      const people = { hasPartner: !!input.partner, dependants: input.family_members.length }
      const priced = await pricedColumns(tx, policy.agency_id, input.policy, people)
      await tx
        .update(customers)
        .set(customerValues(input.customer))
        .where(eq(customers.id, policy.customer_id))
      await writeFamily(tx, policy.customer_id, input.partner, input.family_members)
      const cancelled = await cancelOpenPremiumInvoices(tx, policy.id, 'The policy details were changed')
      const invoice = await openPremiumInvoice(
        tx,
        policy,
        priced.set,
        'identityId' in actor ? actor.identityId : null,
      )
      await transitionPolicy(tx, policy, 'editBeforePurchase', {
        actor,
        to: policy.status === 'PAYMENT_REJECTED' ? 'PAYMENT_REJECTED' : 'INITIATED',
        set: priced.set,
        note: input.amendment_note ?? 'Student and policy details updated',
        meta: {
          old_premium: policy.premium,
          new_premium: priced.set.premium,
          invoice_id: invoice.id,
          cancelled_invoices: cancelled,
        },
      })
      return {
        policyId: policy.id,
        invoiceId: invoice.id,
        old_premium: policy.premium === null ? null : fromCents(policy.premium),
        new_premium: fromCents(priced.set.premium),
      }
    })
  },
)
