import { eq, like, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { agencies, policies } from '../schema'
import { AGENCY_STATUSES } from '../schema/agencies'
import { createAgency, createPolicy } from './factories'
import { backfillSeedFiles } from './files'
import { seedDemoAdmission } from './admission'
import { seedDemoStaff } from './access'
import { seedDemoCommissionCap } from './commission-cap'
import { seedDemoInsurerAccounts } from './remittances'

export const DEMO_AGENCY_EMAIL = 'agency@demo.local'
export const DEMO_PASSWORD = 'Agency-Passw0rd!'
/**
 * The agency's Bupa rate is 12.50%, above the demo's OSHC commission cap (12% from 1 July 2026,
 * commission-cap.ts): a Bupa policy priced and bought now earns the capped rate, as the quote and
 * the purchase would give it.
 */
const DEMO_CAPPED_BUPA_RATE = '12.00'

/** One demo agency per onboarding status so every screen has something to show. */
export async function seedDemo(db: Db) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agencies)
    .where(like(agencies.email, '%@demo.local'))
  const created = []
  if (n === 0) {
    for (const status of AGENCY_STATUSES) {
      const active = status === 'PORTAL_ACTIVATED'
      created.push(
        await createAgency(db, {
          status,
          email: active ? DEMO_AGENCY_EMAIL : `${status.toLowerCase().replace(/_/g, '-')}@demo.local`,
          name: active
            ? 'Harbour Education Agency'
            : `Demo ${status.toLowerCase().replace(/_/g, ' ')} agency`,
          password: DEMO_PASSWORD,
          submitted: status === 'COMPANY_DETAIL_DONE' ? true : undefined,
        }),
      )
    }
  }
  await seedDemoStaff(db, DEMO_PASSWORD)
  await seedDemoCommissionCap(db)
  await seedDemoInsurerAccounts(db)
  await seedDemoPolicies(db)
  await seedDemoAdmission(db, DEMO_AGENCY_EMAIL)
  await backfillSeedFiles(db)
  return created
}

/**
 * Policies of the active demo agency in the statuses its screens show (drafts, awaiting payment,
 * verification pending, rejected, paid, certificates). Only when it has none, so a re-run (or a
 * database seeded before policies existed) ends with exactly one set.
 */
async function seedDemoPolicies(db: Db) {
  const [agency] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.email, DEMO_AGENCY_EMAIL))
  if (!agency) return
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(policies)
    .where(eq(policies.agency_id, agency.id))
  if (n > 0) return
  const demo: Parameters<typeof createPolicy>[1][] = [
    { agencyId: agency.id, status: 'PERSONAL_INFORMATION_ADDED', firstName: 'Olivia', lastName: 'Chen' },
    { agencyId: agency.id, status: 'OTHER_DETAILS_ADDED', firstName: 'Arjun', lastName: 'Patel' },
    { agencyId: agency.id, status: 'INITIATED', firstName: 'Sofia', lastName: 'Rossi' },
    {
      agencyId: agency.id,
      status: 'INITIATED',
      firstName: 'Liam',
      lastName: 'Okafor',
      policyType: 'COUPLE',
      providerId: 3,
      commissionRate: DEMO_CAPPED_BUPA_RATE,
    },
    {
      agencyId: agency.id,
      status: 'PURCHASED',
      firstName: 'Hana',
      lastName: 'Sato',
      providerId: 3,
      commissionRate: DEMO_CAPPED_BUPA_RATE,
    },
    { agencyId: agency.id, status: 'PAYMENT_REJECTED', firstName: 'Mateo', lastName: 'Garcia' },
    {
      agencyId: agency.id,
      status: 'PAYMENT_APPROVED',
      firstName: 'Amara',
      lastName: 'Mensah',
      policyType: 'FAMILY',
      startDate: '2027-03-01',
      endDate: '2029-02-28',
    },
    {
      agencyId: agency.id,
      status: 'CERTIFICATE_ISSUED',
      firstName: 'Noah',
      lastName: 'Kim',
      policyType: 'SINGLE_PARENT',
    },
  ]
  for (const p of demo) {
    await createPolicy(db, {
      ...p,
      email: `${p.firstName!.toLowerCase()}.${p.lastName!.toLowerCase()}@student.demo.local`,
    })
  }
}
