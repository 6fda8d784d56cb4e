import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customers, insuranceProviders, policies, publicClients } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { fromCents } from '../shared/money'
import { loadClientAgency } from './public-client-loading'

/**
 * The agency's latest policies started through its website widgets (newest first, at most
 * `limit`), with the client they came through: the agency side with `user_management` or
 * `quote` for its own agency, staff with `agency_management` or `policy_management`.
 */
export const findWidgetSales = defineUseCase(
  { staff: ['agency_management', 'policy_management'], agency: ['user_management', 'quote'] },
  async function findWidgetSales(opts: { actor: Actor; agencyId: number; limit?: number }) {
    const agency = await loadClientAgency(opts.actor, opts.agencyId)
    const rows = await getDb()
      .select({
        id: policies.id,
        ref: policies.ref,
        status: policies.status,
        premium: policies.premium,
        created_at: policies.created_at,
        purchased_at: policies.purchased_at,
        first_name: customers.first_name,
        last_name: customers.last_name,
        provider: insuranceProviders.display_name,
        client: publicClients.name,
      })
      .from(policies)
      .innerJoin(publicClients, eq(publicClients.id, policies.public_client_id))
      .innerJoin(customers, eq(customers.id, policies.customer_id))
      .leftJoin(insuranceProviders, eq(insuranceProviders.id, policies.insurance_provider_id))
      .where(and(eq(policies.agency_id, agency.id), eq(policies.source, 'WIDGET')))
      .orderBy(desc(policies.created_at), desc(policies.id))
      .limit(Math.min(opts.limit ?? 10, 100))
    return rows.map((r) => ({ ...r, premium: r.premium === null ? null : fromCents(r.premium) }))
  },
)
