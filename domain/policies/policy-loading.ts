import { randomBytes } from 'node:crypto'
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import {
  customerDependants,
  customerPartners,
  customers,
  invoiceLineItems,
  invoices,
  policies,
} from '../../db/schema'
import { assertAgencyAccess } from '../agencies/get-agency'
import { AGENCY_PARTY, createInvoice, PRODUCT_PARTY } from '../finance/invoices'
import { assertNotProtected, priceForAgency } from '../quotes/price-policy'
import { assertPermission, isAgencySide, isStaff, type Actor } from '../shared/actor'
import { conflict, DomainError, notFound, validation } from '../shared/errors'
import { fromCents } from '../shared/money'
import { coverCounts, familyErrors, STATUS_LABELS, type PolicyTypeKey } from './policies.rules'
import type { DependantInput, PartnerInput, QuoteChoice } from './policies.schemas'

export type PolicyRow = typeof policies.$inferSelect
export type CustomerRow = typeof customers.$inferSelect

/** Agency side: any agency permission reads policies (spec/02 section 6). */
export const POLICY_READ_AGENCY = ['quote', 'purchase', 'user_management', 'finance'] as const
/** Staff read policies with policy_management (or finance, whose screens link to them). */
export const POLICY_READ_STAFF = ['policy_management', 'finance'] as const

/** Customer and policy creation: agency 'quote' or staff 'policy_management'. */
export function assertPolicyWriter(actor: Actor) {
  if (isStaff(actor)) return assertPermission(actor, 'policy_management')
  if (isAgencySide(actor)) return assertPermission(actor, 'quote')
  throw notFound('Policy')
}

export function assertPolicyReader(actor: Actor) {
  if (isStaff(actor)) return assertPermission(actor, ...POLICY_READ_STAFF)
  if (isAgencySide(actor)) return assertPermission(actor, ...POLICY_READ_AGENCY)
  throw notFound('Policy')
}

/** Staff policy actions need policy_management. */
export function assertStaffPolicyManager(actor: Actor) {
  if (!isStaff(actor)) throw notFound('Policy')
  assertPermission(actor, 'policy_management')
}

/**
 * The agency a create call acts for: the caller's own (another id is a 404), or for staff the
 * agency_id of the body (required). The agency must be able to sell (portal active).
 */
export async function actingAgencyId(actor: Actor, agencyId: number | undefined, tx: DbOrTx = getDb()) {
  let id: number
  if (isAgencySide(actor)) id = agencyId ?? actor.agencyId
  else if (isStaff(actor)) {
    if (!agencyId) throw validation('agency_id', 'agency_id is required')
    id = agencyId
  } else throw notFound('Agency')
  const agency = await assertAgencyAccess(actor, id, tx)
  if (agency.status !== 'PORTAL_ACTIVATED') throw conflict('The agency portal is not active')
  return agency.id
}

/** Another agency's record is "not found" (tenant isolation). */
function assertSameTenant(actor: Actor, agencyId: number, what: string) {
  if (isStaff(actor)) return
  if (isAgencySide(actor) && actor.agencyId === agencyId) return
  throw notFound(what)
}

export async function loadCustomer(actor: Actor, customerId: number, tx: DbOrTx = getDb()) {
  const [c] = await tx.select().from(customers).where(eq(customers.id, customerId))
  if (!c) throw notFound('Customer')
  assertSameTenant(actor, c.agency_id, 'Customer')
  return c
}

export async function loadPolicy(actor: Actor, policyId: number, tx: DbOrTx = getDb()) {
  const [p] = await tx.select().from(policies).where(eq(policies.id, policyId))
  if (!p) throw notFound('Policy')
  assertSameTenant(actor, p.agency_id, 'Policy')
  return p
}

/** The policy a customer call acts on: `policyId` when given (it must be the customer's), else the newest. */
export async function policyOfCustomer(customerId: number, policyId: number | undefined, tx: DbOrTx) {
  const where = policyId
    ? and(eq(policies.customer_id, customerId), eq(policies.id, policyId))
    : eq(policies.customer_id, customerId)
  const [p] = await tx.select().from(policies).where(where).orderBy(desc(policies.id)).limit(1)
  if (!p) throw notFound('Policy')
  return p
}

/** A fresh, unguessable policy reference: POL- and ten hex digits. */
export const newPolicyRef = () => `POL-${randomBytes(5).toString('hex').toUpperCase()}`

/** The customer columns of a personal / other details input (only the keys present). */
export function customerValues(input: Record<string, unknown>) {
  const keys = [
    'title',
    'first_name',
    'last_name',
    'email',
    'dob',
    'gender',
    'mobile_number',
    'country',
    'has_accepted_terms',
    'is_primary_visa_holder_and_eligible_to_apply',
    'passport_number',
    'passport_country_id',
    'visa_sub_class',
    'education_institute',
    'student_number',
    'has_australian_address',
    'street_address_1',
    'street_address_2',
    'state_id',
    'city_id',
    'post_code',
  ] as const
  const out: Partial<typeof customers.$inferInsert> = {}
  for (const k of keys) {
    if (k in input) (out as Record<string, unknown>)[k] = input[k] ?? null
  }
  // Without an Australian address the address fields are not kept.
  if (out.has_australian_address === false) {
    Object.assign(out, {
      street_address_1: null,
      street_address_2: null,
      state_id: null,
      city_id: null,
      post_code: null,
    })
  }
  return out
}

/** Replaces the partner and dependants of a customer. */
export async function writeFamily(
  tx: DbOrTx,
  customerId: number,
  partner: PartnerInput | null,
  dependants: DependantInput[],
) {
  await tx.delete(customerPartners).where(eq(customerPartners.customer_id, customerId))
  await tx.delete(customerDependants).where(eq(customerDependants.customer_id, customerId))
  if (partner) {
    await tx.insert(customerPartners).values({
      customer_id: customerId,
      title: partner.title,
      gender: partner.gender,
      first_name: partner.first_name,
      last_name: partner.last_name,
      dob: partner.dob,
      passport_number: partner.passport_number ?? null,
      country_id: partner.country_id ?? null,
    })
  }
  if (dependants.length) {
    await tx.insert(customerDependants).values(
      dependants.map((d) => ({
        customer_id: customerId,
        title: d.title,
        first_name: d.first_name,
        last_name: d.last_name,
        gender: d.gender,
        dob: d.dob,
        relationship: d.relationship,
        passport_number: d.passport_number ?? null,
      })),
    )
  }
}

/** Who a customer has entered: partner yes/no and the number of dependants. */
export async function familyOf(tx: DbOrTx, customerId: number) {
  const [partner] = await tx
    .select({ id: customerPartners.customer_id })
    .from(customerPartners)
    .where(eq(customerPartners.customer_id, customerId))
  const deps = await tx
    .select({ id: customerDependants.id })
    .from(customerDependants)
    .where(eq(customerDependants.customer_id, customerId))
  return { hasPartner: !!partner, dependants: deps.length }
}

/** The family rule as a 400 with the field errors. */
export function assertFamilyFits(
  policyType: PolicyTypeKey,
  people: { hasPartner: boolean; dependants: number },
) {
  const errors = familyErrors(policyType, people)
  const first = Object.values(errors)[0]?.[0]
  if (first) throw new DomainError('VALIDATION', first, errors)
}

/**
 * Prices a quote choice for the policy's agency (priceForAgency + assertNotProtected) and returns
 * the policy columns to store: premium = what is paid (the offer premium under an offer).
 */
export async function pricedColumns(
  tx: DbOrTx,
  agencyId: number,
  choice: QuoteChoice,
  people: { hasPartner: boolean; dependants: number },
) {
  const row = await priceForAgency(
    {
      agencyId,
      providerId: choice.insurance_provider_id,
      policyType: choice.policy_type,
      startDate: choice.start_date,
      endDate: choice.end_date,
    },
    tx,
  )
  assertNotProtected(row)
  const { price } = row
  return {
    provider: row.provider,
    set: {
      insurance_provider_id: choice.insurance_provider_id,
      policy_type: choice.policy_type,
      start_date: choice.start_date,
      end_date: choice.end_date,
      premium: price.payable,
      premium_before_discount: price.premium,
      premium_without_gst: price.payableWithoutGst,
      premium_currency: 'AUD' as const,
      gst_rate: row.gstRate,
      commission_rate: row.commissionRate,
      is_offer_applied: !!row.offer,
      original_amount_before_offer: row.offer ? price.premium : null,
      offer_id: row.offer?.id ?? null,
      offer_rate: row.offer?.rate ?? null,
      discount_rate: row.offer ? `${row.offer.rate}.00` : null,
      offer_end_date: row.offer?.end_date ?? null,
      is_policy_number_available: choice.is_policy_number_available,
      policy_number: choice.is_policy_number_available ? choice.policy_number : null,
      ...coverCounts(people),
    } satisfies Partial<typeof policies.$inferInsert>,
  }
}

export type PricedColumns = Awaited<ReturnType<typeof pricedColumns>>['set']

/**
 * Opens the policy's PREMIUM invoice: one PREMIUM (or OFFER_PREMIUM) line, tax = premium minus
 * premium without GST, paid by the agency to the provider side.
 */
export async function openPremiumInvoice(
  tx: DbOrTx,
  policy: { id: number; ref: string; agency_id: number },
  priced: PricedColumns,
  createdBy: number | null,
) {
  const { invoice } = await createInvoice(tx, {
    agencyId: policy.agency_id,
    type: 'PREMIUM',
    from: PRODUCT_PARTY,
    to: AGENCY_PARTY,
    createdBy,
    items: [
      {
        line_item_type: priced.is_offer_applied ? 'OFFER_PREMIUM' : 'PREMIUM',
        policy_id: policy.id,
        description: `Premium for policy ${policy.ref}`,
        total_amount: priced.premium,
        tax_amount: priced.premium - priced.premium_without_gst,
        tax_rate: priced.gst_rate,
        discount_rate: priced.discount_rate,
        payer: AGENCY_PARTY,
        receiver: PRODUCT_PARTY,
        link: `/agency/policies/${policy.id}`,
        meta: priced.is_offer_applied
          ? { offer_id: priced.offer_id, original_amount_before_offer: priced.original_amount_before_offer }
          : undefined,
      },
    ],
  })
  return invoice
}

/** Cancels the policy's unpaid PREMIUM invoices (the policy is being re-priced). */
export async function cancelOpenPremiumInvoices(tx: DbOrTx, policyId: number, reason: string) {
  const open = await tx
    .selectDistinct({ id: invoices.id })
    .from(invoices)
    .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
    .where(
      and(
        eq(invoiceLineItems.policy_id, policyId),
        eq(invoices.invoice_type, 'PREMIUM'),
        notInArray(invoices.status, ['PAID', 'CANCELLED']),
      ),
    )
  if (!open.length) return []
  const ids = open.map((o) => o.id)
  await tx
    .update(invoices)
    .set({ status: 'CANCELLED', cancellation_reasons: reason, total_outstanding_amount: 0 })
    .where(inArray(invoices.id, ids))
  return ids
}

const money = (cents: number | null) => (cents === null ? null : fromCents(cents))

/** A policy row for answers: amounts as decimals, the status label added. */
export function presentPolicy(p: PolicyRow) {
  return {
    ...p,
    status_label: STATUS_LABELS[p.status],
    premium: money(p.premium),
    premium_without_gst: money(p.premium_without_gst),
    premium_before_discount: money(p.premium_before_discount),
    full_refundable_premium: money(p.full_refundable_premium),
    clawback_amount: money(p.clawback_amount),
    surcharge_amount: money(p.surcharge_amount),
    original_amount_before_offer: money(p.original_amount_before_offer),
  }
}
