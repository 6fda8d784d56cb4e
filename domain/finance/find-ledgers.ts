import { and, desc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalanceTransactions,
  bnplTransactions,
  commissions,
  customers,
  insuranceProviders,
  invoiceLineItems,
  policies,
} from '../../db/schema'
import type { Actor } from '../shared/actor'
import { fromCents } from '../shared/money'
import { pageInfo } from '../shared/pagination'
import { assertAgencyAccess } from '../agencies/agency-access'
import { STATUS_LABELS } from '../policies/policies.rules'
import { assertFinanceReader } from './finance-guards'
import { defineUseCase } from '../shared/authorize'

type LedgerInput = { actor: Actor; agencyId: number; page: number; perPage: number }

/** Every ledger read: staff with finance for any agency, the agency side (finance or purchase) for itself. */
async function agencyFor(opts: LedgerInput) {
  assertFinanceReader(opts.actor)
  return (await assertAgencyAccess(opts.actor, opts.agencyId)).id
}

/**
 * getAgencyBalanceTransactionForAgency: the balance ledger, newest first: signed amount, balance
 * after it, type, and the policy / top-up / invoice it explains.
 */
export const findBalanceTransactions = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findBalanceTransactions(opts: LedgerInput) {
    const agencyId = await agencyFor(opts)
    const rows = await getDb()
      .select({
        t: agencyBalanceTransactions,
        policy_ref: policies.ref,
        total: sql<number>`count(*) over()::int`,
      })
      .from(agencyBalanceTransactions)
      .leftJoin(policies, eq(policies.id, agencyBalanceTransactions.policy_id))
      .where(eq(agencyBalanceTransactions.agency_id, agencyId))
      .orderBy(desc(agencyBalanceTransactions.created_at), desc(agencyBalanceTransactions.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    return {
      items: rows.map(({ t, policy_ref }) => ({
        id: t.id,
        type: t.type,
        transaction_amount: fromCents(t.transaction_amount),
        balance: fromCents(t.balance),
        policy_id: t.policy_id,
        policy_ref,
        topup_id: t.topup_id,
        invoice_id: t.invoice_id,
        actor: t.actor,
        note: t.note,
        created_at: t.created_at,
      })),
      pageInfo: pageInfo(opts.page, opts.perPage, rows[0]?.total ?? 0),
    }
  },
)

/** getBnplTransactionForAgency: the buy-now-pay-later ledger, newest first, with what remained after each. */
export const findBnplTransactions = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findBnplTransactions(opts: LedgerInput) {
    const agencyId = await agencyFor(opts)
    const rows = await getDb()
      .select({ t: bnplTransactions, policy_ref: policies.ref, total: sql<number>`count(*) over()::int` })
      .from(bnplTransactions)
      .leftJoin(policies, eq(policies.id, bnplTransactions.policy_id))
      .where(eq(bnplTransactions.agency_id, agencyId))
      .orderBy(desc(bnplTransactions.created_at), desc(bnplTransactions.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    return {
      items: rows.map(({ t, policy_ref }) => ({
        id: t.id,
        transaction_amount: fromCents(t.transaction_amount),
        remaining: fromCents(t.remaining),
        policy_id: t.policy_id,
        policy_ref,
        actor: t.actor,
        note: t.note,
        created_at: t.created_at,
      })),
      pageInfo: pageInfo(opts.page, opts.perPage, rows[0]?.total ?? 0),
    }
  },
)

function commissionQuery(agencyId: number, bankedOnly: boolean) {
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
        bankedOnly ? eq(commissions.status, 'COMMISSION_BANKED') : undefined,
      ),
    )
    .orderBy(desc(commissions.updated_at), desc(commissions.id))
}

type CommissionRow = Awaited<ReturnType<typeof commissionQuery>>[number]
const presentCommission = (r: CommissionRow) => ({
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

/**
 * getAgencyCommissionTransactionForAgency: the agency's commission per policy (any status), most
 * recently changed first, with the policy ref and status.
 */
export const findCommissionTransactions = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findCommissionTransactions(opts: LedgerInput) {
    const agencyId = await agencyFor(opts)
    const rows = await commissionQuery(agencyId, false)
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    return {
      items: rows.map(presentCommission),
      pageInfo: pageInfo(opts.page, opts.perPage, rows[0]?.total ?? 0),
    }
  },
)

/**
 * getCommissionBankedPolicies: policies whose commission is banked (payable to the agency), with
 * the premium line item id a payout request names.
 */
export const findCommissionBankedPolicies = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findCommissionBankedPolicies(opts: LedgerInput) {
    const agencyId = await agencyFor(opts)
    const rows = await commissionQuery(agencyId, true)
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    return {
      items: rows.map(presentCommission),
      pageInfo: pageInfo(opts.page, opts.perPage, rows[0]?.total ?? 0),
    }
  },
)
