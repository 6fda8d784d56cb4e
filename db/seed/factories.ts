import { eq } from 'drizzle-orm'
import { hash } from '@node-rs/argon2'
import type { Db } from '../client'
import {
  agencies,
  agencyBalances,
  agencyBankDetails,
  agencyConfigurations,
  agencyDocuments,
  agencyHistories,
  commissions,
  countries,
  customerDependants,
  customerPartners,
  customers,
  identities,
  policies,
  policyHistories,
  policyPremiumPayments,
} from '../schema'
import { AGENCY_PARTY, createInvoice, PRODUCT_PARTY } from '../../domain/finance/invoices/invoices'
import { recordInvoicePayment } from '../../domain/finance/invoices/invoice-payments'
import { postCommissionBanked, postPremiumSettled } from '../../domain/money/money-postings'
import { priceOf, withoutGst } from '../../domain/quotes/pricing.rules'
import { toCents } from '../../domain/shared/money'
import { RATE_CARDS } from './reference'
import { seedAgreementPdf, seedProofPdf } from './files'
import type { AGENCY_STATUSES } from '../schema/agencies'

type Status = (typeof AGENCY_STATUSES)[number]
/** Onboarding order (the enum's own order puts AGREEMENT_SIGNED last). */
const PROGRESS: Status[] = [
  'PENDING',
  'SIGN_UP_REQUEST_SENT',
  'LOGIN_CRED_CHANGED',
  'COMPANY_DETAIL_STEP_ONE_DONE',
  'COMPANY_DETAIL_STEP_TWO_DONE',
  'COMPANY_DETAIL_DONE',
  'CONFIGURATION_DONE',
  'AGREEMENT_SENT',
  'AGREEMENT_SIGNED',
  'PORTAL_ACTIVATED',
  'PORTAL_DEACTIVATED',
]
const reached = (s: Status, step: Status) => PROGRESS.indexOf(s) >= PROGRESS.indexOf(step)

let seq = 0

/**
 * An agency as it looks after onboarding reached `status`, written directly (no workflow).
 * Shared by the demo data, integration tests and browser-test fixtures.
 */
export async function createAgency(
  db: Db,
  opts: {
    status?: Status
    email?: string
    name?: string
    password?: string
    submitted?: boolean
    commission?: Record<number, string>
  } = {},
) {
  const status = opts.status ?? 'PORTAL_ACTIVATED'
  seq += 1
  const email = (opts.email ?? `agency-${Date.now().toString(36)}-${seq}@example.test`).toLowerCase()
  const [au] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'AU'))
  const hasLogin = status !== 'PENDING'
  const identityId = hasLogin
    ? (
        await db
          .insert(identities)
          .values({
            email,
            kind: 'Agency',
            password_hash: await hash(opts.password ?? 'Agency-Passw0rd!'),
            must_change_password: status === 'SIGN_UP_REQUEST_SENT',
          })
          .returning({ id: identities.id })
      )[0].id
    : null
  const detailsDone = reached(status, 'COMPANY_DETAIL_DONE')
  const [agency] = await db
    .insert(agencies)
    .values({
      identity_id: identityId,
      full_company_name: opts.name ?? `Agency ${seq}`,
      full_company_address: '1 George Street, Sydney NSW 2000',
      contact_person: 'Alex Agent',
      email,
      contact_number: '+61 2 9000 0000',
      country_id: au?.id ?? null,
      status,
      is_email_verified: hasLogin,
      is_request_submitted: opts.submitted ?? reached(status, 'CONFIGURATION_DONE'),
      street_address_1: reached(status, 'COMPANY_DETAIL_STEP_TWO_DONE') ? '1 George Street' : null,
      post_code: reached(status, 'COMPANY_DETAIL_STEP_TWO_DONE') ? '2000' : null,
      policy_comms_email: reached(status, 'COMPANY_DETAIL_STEP_TWO_DONE') ? email : null,
      finance_comms_email: reached(status, 'COMPANY_DETAIL_STEP_TWO_DONE') ? email : null,
      is_verfied: status === 'PORTAL_ACTIVATED' || status === 'PORTAL_DEACTIVATED',
      verification_date: status === 'PORTAL_ACTIVATED' ? new Date() : null,
    })
    .returning()
  if (detailsDone) {
    await db.insert(agencyBankDetails).values({
      agency_id: agency.id,
      bank: 'Commonwealth Bank',
      bank_account_name: agency.full_company_name ?? 'Agency',
      account_number: '12345678',
      bsb: '062-000',
      is_gst_registered: true,
    })
  }
  if (reached(status, 'CONFIGURATION_DONE')) {
    const commission = opts.commission ?? { 1: '10.00', 3: '12.50' }
    await db.insert(agencyConfigurations).values(
      Object.entries(commission).map(([provider, rate]) => ({
        agency_id: agency.id,
        insurance_provider_id: Number(provider),
        commission_rate: rate,
      })),
    )
  }
  if (reached(status, 'AGREEMENT_SENT')) {
    const signed = reached(status, 'AGREEMENT_SIGNED')
    const unsignedKey = `private/seed-agreement-${agency.id}.pdf`
    const signedKey = `private/seed-signed-${agency.id}.pdf`
    const agreementId = `AGR-${agency.id}`
    await db.insert(agencyDocuments).values({
      agency_id: agency.id,
      agreement_id: agreementId,
      unsigned_agreement: unsignedKey,
      unsigned_agreement_filename: 'agreement.pdf',
      unsigned_agreement_date: '2026-01-15',
      is_unsigned_agreement_sent: true,
      ...(signed
        ? {
            signed_agreement: signedKey,
            signed_agreement_filename: 'agreement-signed.pdf',
            signed_agreement_date: '2026-01-20',
          }
        : {}),
    })
    // Real bytes behind every key written above, so each agreement opens.
    const common = { agencyId: agency.id, agreementId, company: agency.full_company_name ?? 'Agency' }
    await seedAgreementPdf(db, { ...common, key: unsignedKey, filename: 'agreement.pdf', signed: false })
    if (signed) {
      await seedAgreementPdf(db, {
        ...common,
        key: signedKey,
        filename: 'agreement-signed.pdf',
        signed: true,
      })
    }
  }
  await db.insert(agencyBalances).values({ agency_id: agency.id }).onConflictDoNothing()
  await db
    .insert(agencyHistories)
    .values({ agency_id: agency.id, action: 'SEEDED', actor: 'seed', to_status: status })
  return agency
}

type PolicyStatus = (typeof policies.$inferSelect)['status']
type PolicyType = NonNullable<(typeof policies.$inferSelect)['policy_type']>
const TYPE_INDEX: Record<PolicyType, number> = { SINGLE: 0, COUPLE: 1, SINGLE_PARENT: 2, FAMILY: 3 }
const AFTER_PURCHASE: PolicyStatus[] = [
  'PURCHASED',
  'PAYMENT_APPROVED',
  'PAYMENT_REJECTED',
  'CERTIFICATE_UPLOADED',
  'CERTIFICATE_ISSUED',
]
const PAID: PolicyStatus[] = ['PAYMENT_APPROVED', 'CERTIFICATE_UPLOADED', 'CERTIFICATE_ISSUED']

let policySeq = 0

/**
 * A student and a policy of `agencyId` as it looks at `status`, written directly (no workflow,
 * no payment gateway): priced from the seeded rate cards with 10% GST. From INITIATED on it has
 * its PREMIUM invoice; from PURCHASED on a BANK premium payment (REQUESTED, PAID or REJECTED) and
 * a commission (PENDING, or COMMISSION_BANKED once paid). Shared by demo data, tests and bench.
 */
export async function createPolicy(
  db: Db,
  opts: {
    agencyId: number
    status?: PolicyStatus
    providerId?: number
    policyType?: PolicyType
    startDate?: string
    endDate?: string
    commissionRate?: string
    firstName?: string
    lastName?: string
    email?: string
  },
) {
  const status = opts.status ?? 'INITIATED'
  const providerId = opts.providerId ?? 1
  const policyType = opts.policyType ?? 'SINGLE'
  const startDate = opts.startDate ?? '2027-02-01'
  const endDate = opts.endDate ?? '2028-01-31'
  const commissionRate = opts.commissionRate ?? '10.00'
  policySeq += 1
  const price = priceOf({
    monthlyRateCents: toCents(RATE_CARDS[providerId][TYPE_INDEX[policyType]]),
    startDate,
    endDate,
    gstRate: '10.00',
    commissionRate,
    offerRate: null,
  })
  const [au] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'AU'))
  const [customer] = await db
    .insert(customers)
    .values({
      agency_id: opts.agencyId,
      title: 'Ms',
      first_name: opts.firstName ?? `Student${policySeq}`,
      last_name: opts.lastName ?? 'Example',
      email: opts.email ?? `student-${Date.now().toString(36)}-${policySeq}@example.test`,
      dob: '2004-05-06',
      gender: 'FEMALE',
      passport_number: `PA${String(100000 + policySeq)}`,
      passport_country_id: au?.id ?? null,
      education_institute: 'University of Sydney',
      has_accepted_terms: true,
      is_primary_visa_holder_and_eligible_to_apply: true,
      country: au?.id ?? null,
    })
    .returning()
  if (policyType === 'COUPLE' || policyType === 'FAMILY') {
    await db
      .insert(customerPartners)
      .values({ customer_id: customer.id, first_name: 'Sam', last_name: 'Example' })
  }
  if (policyType === 'SINGLE_PARENT' || policyType === 'FAMILY') {
    await db
      .insert(customerDependants)
      .values({ customer_id: customer.id, first_name: 'Kim', last_name: 'Example', relationship: 'CHILD' })
  }
  const priced = ![
    'PERSONAL_INFORMATION_ADDED',
    'PARTNER_DEPENDANTS_INFORMATION_ADDED',
    'OTHER_DETAILS_ADDED',
  ].includes(status)
  const [policy] = await db
    .insert(policies)
    .values({
      ref: `POL-${Date.now().toString(36).toUpperCase()}-${policySeq}`,
      agency_id: opts.agencyId,
      customer_id: customer.id,
      insurance_provider_id: priced ? providerId : null,
      policy_type: priced ? policyType : null,
      start_date: priced ? startDate : null,
      end_date: priced ? endDate : null,
      premium: priced ? price.premium : null,
      premium_before_discount: priced ? price.premium : null,
      premium_without_gst: priced ? withoutGst(price.premium, '10.00') : null,
      gst_rate: priced ? '10.00' : null,
      commission_rate: priced ? commissionRate : null,
      no_of_adults: policyType === 'COUPLE' || policyType === 'FAMILY' ? 2 : 1,
      no_of_dependents: policyType === 'SINGLE_PARENT' || policyType === 'FAMILY' ? 1 : 0,
      status,
      payment_method: AFTER_PURCHASE.includes(status) ? 'BANK' : null,
      purchased_at: AFTER_PURCHASE.includes(status) ? new Date() : null,
    })
    .returning()
  await db.insert(policyHistories).values({ policy_id: policy.id, action: 'SEEDED', actor: 'seed', status })
  if (priced) {
    // The one invoice writer, as initiatePolicy uses it.
    const { invoice } = await createInvoice(db, {
      agencyId: opts.agencyId,
      type: 'PREMIUM',
      from: PRODUCT_PARTY,
      to: AGENCY_PARTY,
      items: [
        {
          line_item_type: 'PREMIUM',
          policy_id: policy.id,
          description: `Premium for policy ${policy.ref}`,
          total_amount: price.premium,
          tax_amount: price.premium - withoutGst(price.premium, '10.00'),
          tax_rate: '10.00',
          payer: AGENCY_PARTY,
          receiver: PRODUCT_PARTY,
        },
      ],
    })
    // A paid premium is explained by its payment, as settle-premium records it.
    if (PAID.includes(status)) {
      await recordInvoicePayment(db, {
        invoiceId: invoice.id,
        method: 'BANK',
        amount: price.premium,
        status: 'COMPLETED',
        actor: 'seed',
      })
    }
  }
  if (AFTER_PURCHASE.includes(status)) {
    const proofKey = `private/seed-proof-${policy.id}.pdf`
    await seedProofPdf(db, {
      key: proofKey,
      agencyId: opts.agencyId,
      policyRef: policy.ref,
      amountCents: price.premium,
      student: `${customer.first_name} ${customer.last_name}`,
    })
    const [payment] = await db
      .insert(policyPremiumPayments)
      .values({
        policy_id: policy.id,
        agency_id: opts.agencyId,
        amount: price.premium,
        payment_type: 'BANK',
        bank_document: proofKey,
        status: status === 'PURCHASED' ? 'REQUESTED' : status === 'PAYMENT_REJECTED' ? 'REJECTED' : 'PAID',
        rejection_reason: status === 'PAYMENT_REJECTED' ? 'The transfer did not arrive' : null,
        paid_at: PAID.includes(status) ? new Date() : null,
      })
      .returning()
    const [commission] = await db
      .insert(commissions)
      .values({
        policy_id: policy.id,
        agency_id: opts.agencyId,
        amount: price.commission,
        commission_rate: commissionRate,
        status: PAID.includes(status) ? 'COMMISSION_BANKED' : 'PENDING',
      })
      .returning()
    // A paid premium and banked commission are in the money journal, as settle-premium posts them.
    if (PAID.includes(status))
      await db.transaction(async (tx) => {
        await postPremiumSettled(tx, payment, 'seed')
        await postCommissionBanked(tx, [commission], 'seed')
      })
  }
  return { policy, customer }
}
