import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customers, insuranceProviders, paymentLinks, policies } from '../../db/schema'
import { clock } from '../shared/clock'
import { notFound } from '../shared/errors'
import { fromCents } from '../shared/money'
import { canTransition } from '../policies/policies.rules'

/** A link row with what its public page shows. */
export async function findPaymentLink(reference: string) {
  const [row] = await getDb()
    .select({
      link: paymentLinks,
      policy: {
        id: policies.id,
        ref: policies.ref,
        status: policies.status,
        start_date: policies.start_date,
        end_date: policies.end_date,
        policy_type: policies.policy_type,
        premium: policies.premium,
      },
      student: { first_name: customers.first_name, last_name: customers.last_name },
      insurer: insuranceProviders.display_name,
    })
    .from(paymentLinks)
    .innerJoin(policies, eq(policies.id, paymentLinks.policy_id))
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .leftJoin(insuranceProviders, eq(insuranceProviders.id, policies.insurance_provider_id))
    .where(eq(paymentLinks.reference, reference))
  if (!row) throw notFound('Payment link')
  const expired =
    row.link.status === 'EXPIRED' || (row.link.status === 'ACTIVE' && row.link.expires_at <= clock.now())
  const status = row.link.status === 'PAID' ? 'PAID' : expired ? 'EXPIRED' : 'ACTIVE'
  const policyPayable = canTransition('purchaseAwaitingPayment', row.policy.status)
  return { ...row, status, payable: status === 'ACTIVE' && policyPayable } as const
}

/**
 * The public payment page of a link (anyone holding the unguessable reference): the policy ref,
 * student, insurer, cover dates and the amount (AUD). An expired or paid link says so and is not
 * payable; an active link of a policy already paid another way is not payable either.
 */
export async function getPaymentLink(opts: { reference: string }) {
  const r = await findPaymentLink(opts.reference)
  return {
    reference: r.link.reference,
    status: r.status,
    payable: r.payable,
    policy_paid_otherwise: r.status === 'ACTIVE' && !r.payable,
    policy: {
      ref: r.policy.ref,
      policy_type: r.policy.policy_type,
      start_date: r.policy.start_date,
      end_date: r.policy.end_date,
    },
    student: `${r.student.first_name} ${r.student.last_name}`,
    insurer: r.insurer,
    amount: fromCents(r.link.amount),
    amount_currency: 'AUD',
    currency: r.link.currency,
    expires_at: r.link.expires_at,
    paid_at: r.link.paid_at,
  }
}
