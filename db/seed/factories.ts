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
  countries,
  identities,
} from '../schema'
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
    await db.insert(agencyDocuments).values({
      agency_id: agency.id,
      agreement_id: `AGR-${agency.id}`,
      unsigned_agreement: `private/seed-agreement-${agency.id}.pdf`,
      unsigned_agreement_filename: 'agreement.pdf',
      unsigned_agreement_date: '2026-01-15',
      is_unsigned_agreement_sent: true,
      ...(reached(status, 'AGREEMENT_SIGNED')
        ? {
            signed_agreement: `private/seed-signed-${agency.id}.pdf`,
            signed_agreement_filename: 'agreement-signed.pdf',
            signed_agreement_date: '2026-01-20',
          }
        : {}),
    })
  }
  await db.insert(agencyBalances).values({ agency_id: agency.id }).onConflictDoNothing()
  await db
    .insert(agencyHistories)
    .values({ agency_id: agency.id, action: 'SEEDED', actor: 'seed', to_status: status })
  return agency
}
