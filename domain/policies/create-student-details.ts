import { getDb, type Tx } from '../../db/client'
import { customers, policies } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { recordPolicyHistory } from './policy-history'
import type { StudentDetailsInput } from './policies.schemas'
import { actingAgencyId, assertPolicyWriter } from './policy-guards'
import { customerValues } from './customer-columns'
import { newPolicyRef } from './policy-ref'
import { openPremiumInvoice } from './premium-invoices'
import { pricedColumns } from './policy-pricing'
import { writeFamily } from './customer-family'
import { defineUseCase } from '../shared/authorize'
import { formatCents, formatDate } from '../shared/format'
import { policyTypeLabel } from '../shared/labels'

/**
 * createStudentDetails (agency 'quote' for its own agency; staff 'policy_management' for the
 * agency_id of the body): student, partner, dependants and the priced policy at once, straight to
 * INITIATED with its PREMIUM invoice. Answers { customerId, policyId, invoiceId }.
 */
export const createStudentDetails = defineUseCase(
  { staff: ['policy_management'], agency: ['quote'] },
  async function createStudentDetails(opts: { actor: Actor; input: StudentDetailsInput }) {
    const { actor, input } = opts
    assertPolicyWriter(actor)
    return getDb().transaction(async (tx) =>
      writeStudentPolicy(tx, { actor, input, agencyId: await actingAgencyId(actor, input.agency_id, tx) }),
    )
  },
)

/**
 * The one writer of a student with a priced INITIATED policy and its PREMIUM invoice, for the
 * portal and for a public client's widget (`publicClientId`: the policy's source is WIDGET).
 */
export async function writeStudentPolicy(
  tx: Tx,
  p: { actor: Actor; input: StudentDetailsInput; agencyId: number; publicClientId?: number },
) {
  const { actor, input, agencyId } = p
  const identityId = 'identityId' in actor ? actor.identityId : null
  const people = { hasPartner: !!input.partner, dependants: input.family_members.length }
  const priced = await pricedColumns(tx, agencyId, input.policy, people)
  const [customer] = await tx
    .insert(customers)
    .values({
      ...customerValues(input.customer),
      first_name: input.customer.first_name,
      last_name: input.customer.last_name,
      agency_id: agencyId,
      created_by: identityId,
    })
    .returning({ id: customers.id })
  await writeFamily(tx, customer.id, input.partner, input.family_members)
  const [policy] = await tx
    .insert(policies)
    .values({
      ref: newPolicyRef(),
      agency_id: agencyId,
      customer_id: customer.id,
      status: 'INITIATED',
      is_created_by_agency: isAgencySide(actor) || actor.kind === 'widget',
      created_by: identityId,
      ...(p.publicClientId ? { source: 'WIDGET' as const, public_client_id: p.publicClientId } : {}),
      ...priced.set,
    })
    .returning({ id: policies.id, ref: policies.ref, agency_id: policies.agency_id })
  const invoice = await openPremiumInvoice(tx, policy, priced.set, identityId)
  await recordPolicyHistory(tx, {
    policyId: policy.id,
    action: 'createStudentDetails',
    actor,
    status: 'INITIATED',
    note: `${p.publicClientId ? 'Website widget: ' : ''}${priced.provider.display_name} ${policyTypeLabel(input.policy.policy_type).toLowerCase()}, ${formatDate(input.policy.start_date)} to ${formatDate(input.policy.end_date)}: ${formatCents(priced.set.premium)}`,
    meta: { invoice_id: invoice.id, premium: priced.set.premium },
  })
  return { customerId: customer.id, policyId: policy.id, invoiceId: invoice.id }
}
