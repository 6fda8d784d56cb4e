// Ledger reads: the caller's agency check and the commission query shared by the ledger use cases.
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { commissions, customers, insuranceProviders, invoiceLineItems, policies } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { fromCents } from '../../shared/money'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { STATUS_LABELS } from '../../policies/policies.rules'
import { assertFinanceReader } from '../finance-guards'
import { BANKED_COMMISSION_STATUSES } from '../finance.rules'

export type LedgerInput = { actor: Actor; agencyId: number; page: number; perPage: number }

/** Every ledger read: staff with finance for any agency, the agency side (finance or purchase) for itself. */
export async function agencyFor(opts: LedgerInput) {
  assertFinanceReader(opts.actor)
  return (await assertAgencyAccess(opts.actor, opts.agencyId)).id
}

export function commissionQuery(agencyId: number, bankedOnly: boolean) {
  return getDb()
    .select({
      c: commissions,
      policy_ref: policies.ref,
      policy_status: policies.status,
      premium: policies.premium,
      premium_without_gst: policies.premium_without_gst,
      first_name: customers.first_name,
      last_name: customers.last_name,
      provider_name: insuranceProviders.display_name,
      premium_line_item_id: sql<number | null>`(
        select ${invoiceLineItems.id} from ${invoiceLineItems}
        where ${invoiceLineItems.policy_id} = ${commissions.policy_id}
          and ${invoiceLineItems.line_item_type} in ('PREMIUM', 'OFFER_PREMIUM')
        order by ${invoiceLineItems.id} desc limit 1)`,
      total: sql<number>`count(*) over()::int`,
    })
    .from(commissions)
    .innerJoin(policies, eq(policies.id, commissions.policy_id))
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .leftJoin(insuranceProviders, eq(insuranceProviders.id, policies.insurance_provider_id))
    .where(
      and(
        eq(commissions.agency_id, agencyId),
        bankedOnly ? inArray(commissions.status, [...BANKED_COMMISSION_STATUSES]) : undefined,
      ),
    )
    .orderBy(desc(commissions.updated_at), desc(commissions.id))
}

type CommissionRow = Awaited<ReturnType<typeof commissionQuery>>[number]

export const presentCommission = (r: CommissionRow) => ({
  id: r.c.id,
  policy_id: r.c.policy_id,
  policy_ref: r.policy_ref,
  policy_status: r.policy_status,
  policy_status_label: STATUS_LABELS[r.policy_status],
  customer_name: `${r.first_name} ${r.last_name}`,
  provider_name: r.provider_name,
  premium: r.premium === null ? null : fromCents(r.premium),
  premium_without_gst: r.premium_without_gst === null ? null : fromCents(r.premium_without_gst),
  status: r.c.status,
  amount: fromCents(r.c.amount),
  commission_rate: r.c.commission_rate,
  currency: r.c.currency,
  invoice_line_item_id: r.premium_line_item_id,
  created_at: r.c.created_at,
  updated_at: r.c.updated_at,
})
