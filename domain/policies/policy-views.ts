// What the policy read use cases show of a policy: its meta (what can be done now), people and
// places, and the status lists.
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb } from '../../db/client'
import { preparedRead } from '../../db/prepared'
import {
  agencyUsers,
  cities,
  countries,
  customerDependants,
  customerPartners,
  customers,
  oshcUsers,
  policyCertificates,
  states,
} from '../../db/schema'
import {
  CANCELLATION_REQUEST_STATUSES,
  POLICY_STATUSES,
  PROVIDER_PAYMENT_STATUSES,
  USER_DEFINED_STATUSES,
} from '../../db/schema/enums'
import { notFound } from '../shared/errors'
import {
  canTransition,
  PAYABLE_STATUSES,
  PROVIDER_PAYMENT_STATUS_LABELS,
  resumeStep,
  STATUS_LABELS,
  USER_DEFINED_STATUS_LABELS,
  type PolicyStatus,
} from './policies.rules'
import { type PolicyRow } from './policy-loading'

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

export async function currentCertificateIssued(policyId: number) {
  const [c] = await getDb()
    .select({ issued_at: policyCertificates.issued_at })
    .from(policyCertificates)
    .where(and(eq(policyCertificates.policy_id, policyId), eq(policyCertificates.certificate_type, 'new')))
    .orderBy(desc(policyCertificates.id))
    .limit(1)
  return !!c?.issued_at
}

const passportCountries = alias(countries, 'passport_countries')

const customerWithPlacesById = preparedRead('customer_with_places', (db) =>
  db
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
    .where(eq(customers.id, sql.placeholder('customerId'))),
)

async function customerWithPlaces(customerId: number) {
  const [row] = await customerWithPlacesById({ customerId })
  if (!row) throw notFound('Customer')
  const { customer, ...places } = row
  return { ...customer, ...places }
}

/** The student of a policy with partner and dependants. */
export async function customerDetail(p: PolicyRow) {
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

export async function assigneesOf(p: PolicyRow) {
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
