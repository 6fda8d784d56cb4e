import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { paymentLinks } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { assertPermission } from '../shared/actor'
import { loadPolicyFor } from './purchase-loading'
import { presentPaymentLink } from './payment-link-presenter'
import { defineUseCase } from '../shared/authorize'

/**
 * The payment links of a policy, newest first (agency side with `purchase` or `finance` for its
 * own policies, staff with `finance`); another agency's policy is a 404.
 */
export const findPaymentLinks = defineUseCase(
  { agency: ['purchase'] },
  async function findPaymentLinks(opts: {
    actor: Actor
    policyId: number
    status?: 'ACTIVE' | 'PAID' | 'EXPIRED'
  }) {
    assertPermission(opts.actor, 'purchase', 'finance')
    const { policy } = await loadPolicyFor(opts.actor, opts.policyId)
    const where = [eq(paymentLinks.policy_id, policy.id)]
    if (opts.status) where.push(eq(paymentLinks.status, opts.status))
    const rows = await getDb()
      .select()
      .from(paymentLinks)
      .where(and(...where))
      .orderBy(desc(paymentLinks.id))
      .limit(20)
    return rows.map(presentPaymentLink)
  },
)
