import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb } from '../../db/client'
import {
  agencies,
  agencyUsers,
  cities,
  commissions,
  countries,
  customerDependants,
  customerPartners,
  customers,
  insuranceProviders,
  invoiceLineItems,
  invoices,
  oshcUsers,
  policies,
  policyCertificates,
  policyFiles,
  policyHistories,
  policyPremiumPayments,
  states,
} from '../../db/schema'
import {
  CANCELLATION_REQUEST_STATUSES,
  POLICY_STATUSES,
  PROVIDER_PAYMENT_STATUSES,
  USER_DEFINED_STATUSES,
} from '../../db/schema/enums'
import type { Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { fromCents } from '../shared/money'
import {
  canTransition,
  PAYABLE_STATUSES,
  PROVIDER_PAYMENT_STATUS_LABELS,
  resumeStep,
  STATUS_LABELS,
  USER_DEFINED_STATUS_LABELS,
  type PolicyStatus,
} from './policies.rules'
import { assertPolicyReader } from './policy-guards'
import { loadPolicy, type PolicyRow } from './policy-loading'
import { presentPolicy } from './policy-presenter'
import { defineUseCase } from '../shared/authorize'

/** What can be done with a policy now (the screens show buttons from it). */
export function policyMeta(p: Pick<PolicyRow, 'status' | 'is_archived' | 'payment_method'>, issued: boolean) {
  return {
    status: p.status,
    status_label: STATUS_LABELS[p.status],
    is_archived: p.is_archived,
    payment_method: p.payment_method,
    can_edit: canTransition('editBeforePurchase', p.status),
    can_pay: PAYABLE_STATUSES.includes(p.status),
    can_upload_certificate: canTransition('uploadCertificate', p.status),
    can_issue_certificate: canTransition('issueCertificate', p.status),
    can_delete_certificate: canTransition('deleteCertificate', p.status),
    certificate_issued: issued,
    resume_step: resumeStep(p.status),
  }
}

async function currentCertificateIssued(policyId: number) {
  const [c] = await getDb()
    .select({ issued_at: policyCertificates.issued_at })
    .from(policyCertificates)
    .where(and(eq(policyCertificates.policy_id, policyId), eq(policyCertificates.certificate_type, 'new')))
    .orderBy(desc(policyCertificates.id))
    .limit(1)
  return !!c?.issued_at
}

/** getPolicyById (policy readers of its agency, or staff): the policy row, amounts as decimals. */
export const getPolicyById = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPolicyById(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    return presentPolicy(await loadPolicy(opts.actor, opts.policyId))
  },
)

/** getPolicyMeta (policy readers of its agency, or staff): status and what may be done now. */
export const getPolicyMeta = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPolicyMeta(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    return { id: p.id, ref: p.ref, ...policyMeta(p, await currentCertificateIssued(p.id)) }
  },
)

/** getPolicyHistory (policy readers of its agency, or staff): the timeline, oldest first. */
export const getPolicyHistory = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPolicyHistory(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    const rows = await getDb()
      .select()
      .from(policyHistories)
      .where(eq(policyHistories.policy_id, p.id))
      .orderBy(asc(policyHistories.created_at), asc(policyHistories.id))
    return rows.map((h) => ({
      ...h,
      policyId: h.policy_id,
      status_label: h.status ? STATUS_LABELS[h.status] : null,
    }))
  },
)

const passportCountries = alias(countries, 'passport_countries')

async function customerWithPlaces(customerId: number) {
  const [row] = await getDb()
    .select({
      customer: customers,
      country_name: countries.name,
      passport_country_name: passportCountries.name,
      state_name: states.name,
      city_name: cities.name,
    })
    .from(customers)
    .leftJoin(countries, eq(countries.id, customers.country))
    .leftJoin(passportCountries, eq(passportCountries.id, customers.passport_country_id))
    .leftJoin(states, eq(states.id, customers.state_id))
    .leftJoin(cities, eq(cities.id, customers.city_id))
    .where(eq(customers.id, customerId))
  if (!row) throw notFound('Customer')
  const { customer, ...places } = row
  return { ...customer, ...places }
}

/** The student of a policy with partner and dependants. */
async function customerDetail(p: PolicyRow) {
  const db = getDb()
  const [customer, [partner], family_members] = await Promise.all([
    customerWithPlaces(p.customer_id),
    db.select().from(customerPartners).where(eq(customerPartners.customer_id, p.customer_id)),
    db
      .select()
      .from(customerDependants)
      .where(eq(customerDependants.customer_id, p.customer_id))
      .orderBy(asc(customerDependants.id)),
  ])
  return { customer, partner: partner ?? null, family_members }
}

/**
 * getPoliciesDetailsById / getPolicieById (policy readers of its agency, or staff): the policy with
 * its student, family, insurer, agency, premium payments, invoices, commission, certificates
 * (without download links), files, assignees and what may be done now.
 */
export const getPolicyDetails = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPolicyDetails(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    const db = getDb()
    const [
      people,
      [provider],
      [agency],
      payments,
      policyInvoices,
      [commission],
      certificates,
      files,
      assignees,
    ] = await Promise.all([
      customerDetail(p),
      p.insurance_provider_id
        ? db
            .select({
              id: insuranceProviders.id,
              name: insuranceProviders.name,
              display_name: insuranceProviders.display_name,
              logo: insuranceProviders.logo,
            })
            .from(insuranceProviders)
            .where(eq(insuranceProviders.id, p.insurance_provider_id))
        : Promise.resolve([]),
      db
        .select({ id: agencies.id, name: agencies.full_company_name, email: agencies.email })
        .from(agencies)
        .where(eq(agencies.id, p.agency_id)),
      db
        .select({
          id: policyPremiumPayments.id,
          amount: policyPremiumPayments.amount,
          surcharge_amount: policyPremiumPayments.surcharge_amount,
          currency: policyPremiumPayments.currency,
          status: policyPremiumPayments.status,
          payment_type: policyPremiumPayments.payment_type,
          has_bank_document: sql<boolean>`${policyPremiumPayments.bank_document} is not null`,
          rejection_reason: policyPremiumPayments.rejection_reason,
          paid_at: policyPremiumPayments.paid_at,
          created_at: policyPremiumPayments.created_at,
        })
        .from(policyPremiumPayments)
        .where(eq(policyPremiumPayments.policy_id, p.id))
        .orderBy(desc(policyPremiumPayments.id)),
      db
        .selectDistinct({
          id: invoices.id,
          invoice_type: invoices.invoice_type,
          status: invoices.status,
          total_amount_due: invoices.total_amount_due,
          total_outstanding_amount: invoices.total_outstanding_amount,
          invoice_date: invoices.invoice_date,
          created_at: invoices.created_at,
        })
        .from(invoices)
        .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
        .where(eq(invoiceLineItems.policy_id, p.id))
        .orderBy(desc(invoices.id)),
      db
        .select({
          amount: commissions.amount,
          commission_rate: commissions.commission_rate,
          status: commissions.status,
        })
        .from(commissions)
        .where(eq(commissions.policy_id, p.id)),
      db
        .select({
          id: policyCertificates.id,
          certificate_type: policyCertificates.certificate_type,
          certificate_name: policyCertificates.certificate_name,
          membership_number: policyCertificates.membership_number,
          policy_number: policyCertificates.policy_number,
          issued_at: policyCertificates.issued_at,
          created_at: policyCertificates.created_at,
        })
        .from(policyCertificates)
        .where(eq(policyCertificates.policy_id, p.id))
        .orderBy(desc(policyCertificates.id)),
      db
        .select({
          id: policyFiles.id,
          name: policyFiles.name,
          file_type: policyFiles.file_type,
          created_at: policyFiles.created_at,
        })
        .from(policyFiles)
        .where(eq(policyFiles.policy_id, p.id))
        .orderBy(desc(policyFiles.id)),
      assigneesOf(p),
    ])
    const issued = certificates.some((c) => c.certificate_type === 'new' && c.issued_at)
    return {
      policy: presentPolicy(p),
      ...people,
      provider: provider ?? null,
      agency,
      payments: payments.map((x) => ({
        ...x,
        amount: fromCents(x.amount),
        surcharge_amount: fromCents(x.surcharge_amount),
      })),
      invoices: policyInvoices.map((i) => ({
        ...i,
        total_amount_due: fromCents(i.total_amount_due),
        total_outstanding_amount: fromCents(i.total_outstanding_amount),
      })),
      commission: commission ? { ...commission, amount: fromCents(commission.amount) } : null,
      certificates,
      files,
      ...assignees,
      meta: policyMeta(p, issued),
    }
  },
)

async function assigneesOf(p: PolicyRow) {
  const db = getDb()
  const [staff] = p.assigned_to
    ? await db
        .select({
          id: oshcUsers.id,
          first_name: oshcUsers.first_name,
          last_name: oshcUsers.last_name,
          email: oshcUsers.email,
        })
        .from(oshcUsers)
        .where(eq(oshcUsers.id, p.assigned_to))
    : []
  const [agencyUser] = p.assigned_to_agency_user
    ? await db
        .select({
          id: agencyUsers.id,
          first_name: agencyUsers.first_name,
          last_name: agencyUsers.last_name,
          email: agencyUsers.email,
        })
        .from(agencyUsers)
        .where(eq(agencyUsers.id, p.assigned_to_agency_user))
    : []
  return { assigned_staff_user: staff ?? null, assigned_agency_user: agencyUser ?? null }
}

/** getCustomerDetailByPolicyId (staff; agency for its own): the student, partner and dependants. */
export const getCustomerDetailByPolicyId = defineUseCase(
  { staff: ['policy_management', 'finance'] },
  async function getCustomerDetailByPolicyId(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    return { policy_id: p.id, ref: p.ref, ...(await customerDetail(p)) }
  },
)

/** getCustomerDetailByPolicyRef (staff; agency for its own): as above, by policy reference. */
export const getCustomerDetailByPolicyRef = defineUseCase(
  { staff: ['policy_management', 'finance'] },
  async function getCustomerDetailByPolicyRef(opts: { actor: Actor; ref: string }) {
    assertPolicyReader(opts.actor)
    const [row] = await getDb().select({ id: policies.id }).from(policies).where(eq(policies.ref, opts.ref))
    if (!row) throw notFound('Policy')
    return getCustomerDetailByPolicyId({ actor: opts.actor, policyId: row.id })
  },
)

const labelled = <T extends string>(values: readonly T[], labels: Record<string, string>) =>
  values.map((value) => ({ value, label: labels[value] ?? value }))

/** getPolicyStatuses: every policy enumeration with its label (for filters and pickers). */
export function getPolicyStatuses() {
  return {
    statuses: labelled(POLICY_STATUSES, STATUS_LABELS as Record<PolicyStatus, string>),
    user_defined_statuses: labelled(USER_DEFINED_STATUSES, USER_DEFINED_STATUS_LABELS),
    provider_payment_statuses: labelled(PROVIDER_PAYMENT_STATUSES, PROVIDER_PAYMENT_STATUS_LABELS),
    cancellation_request_statuses: labelled(CANCELLATION_REQUEST_STATUSES, {
      NO_CANCELLATION: 'No cancellation',
      REQUESTED_FOR_CANCELLATION: 'Requested for cancellation',
      READY_FOR_CANCELLATION: 'Ready for cancellation',
      IN_CANCELLATION: 'In cancellation',
    }),
  }
}
