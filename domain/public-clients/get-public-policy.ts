import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customers, insuranceProviders, policyCertificates } from '../../db/schema'
import type { WidgetActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { fromCents } from '../shared/money'
import { STATUS_LABELS } from '../policies/policies.rules'
import { presignDownload } from '../files/storage'
import { loadWidgetPolicy } from './widget-policy-loading'

/** Bought and not (or no longer) waiting for a payment to be approved. */
const UNPAID = new Set(['INITIATED', 'PURCHASED', 'PAYMENT_REJECTED', 'PAYMENT_BY_BUY_NOW_PAY_LATER'])

/**
 * GET /wordpress/getPublicPoliciesDetailById/{policyId} (a public client's token and the
 * purchase's secret, `x-purchase-secret`; without the right secret, or for a policy not created
 * through that client, a 404): what the student may see: the cover, its status, the amount and,
 * once issued, a 5-minute link to the certificate (handed out only with the secret, like the rest).
 * Nothing of the agency (commission, notes, staff) is in it.
 */
export const getPublicPolicy = defineUseCase(
  { widget: true },
  async function getPublicPolicy(opts: {
    actor: WidgetActor
    policyId: number
    purchaseSecret: string | null
  }) {
    const { policy } = await loadWidgetPolicy(opts.actor, opts.policyId, opts.purchaseSecret)
    const [customer] = await getDb()
      .select({ first_name: customers.first_name, last_name: customers.last_name, email: customers.email })
      .from(customers)
      .where(eq(customers.id, policy.customer_id))
    const [provider] = policy.insurance_provider_id
      ? await getDb()
          .select({
            id: insuranceProviders.id,
            name: insuranceProviders.name,
            display_name: insuranceProviders.display_name,
            logo: insuranceProviders.logo,
          })
          .from(insuranceProviders)
          .where(eq(insuranceProviders.id, policy.insurance_provider_id))
      : []
    const [certificate] = await getDb()
      .select({ url: policyCertificates.certificate_url, issued_at: policyCertificates.issued_at })
      .from(policyCertificates)
      .where(
        and(
          eq(policyCertificates.policy_id, policy.id),
          eq(policyCertificates.certificate_type, 'new'),
          isNotNull(policyCertificates.issued_at),
        ),
      )
      .orderBy(desc(policyCertificates.id))
      .limit(1)
    return {
      id: policy.id,
      ref: policy.ref,
      status: policy.status,
      status_label: STATUS_LABELS[policy.status],
      is_paid: policy.purchased_at !== null && !UNPAID.has(policy.status),
      policy_type: policy.policy_type,
      start_date: policy.start_date,
      end_date: policy.end_date,
      premium: policy.premium === null ? null : fromCents(policy.premium + (policy.surcharge_amount ?? 0)),
      currency: policy.premium_currency,
      purchased_at: policy.purchased_at,
      provider: provider ?? null,
      student: customer ?? null,
      certificate: certificate
        ? { issued_at: certificate.issued_at, url: await presignDownload(certificate.url), expires_in: 300 }
        : null,
    }
  },
)
