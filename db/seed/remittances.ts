// The demo system's insurer bank accounts (issue 25): where each insurer's monthly remittance is
// paid, so a closed month's remittances can be proposed on a demo system without typing six
// accounts first. Clearly demo numbers; tests seed without the demo data and set their own.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { identities, insuranceProviders, insurerBankAccounts } from '../schema'
import { ADMIN_EMAIL } from './access'

/** Once per insurer: an insurer that has an account keeps it. */
export async function seedDemoInsurerAccounts(db: Db) {
  const [admin] = await db
    .select({ id: identities.id })
    .from(identities)
    .where(eq(sql`lower(${identities.email})`, ADMIN_EMAIL))
  if (!admin) return
  const insurers = await db
    .select({ id: insuranceProviders.id, short_name: insuranceProviders.short_name })
    .from(insuranceProviders)
  if (!insurers.length) return
  await db
    .insert(insurerBankAccounts)
    .values(
      insurers.map((i) => ({
        insurance_provider_id: i.id,
        bsb: '062-000',
        account_number: String(90_000_000 + i.id),
        account_name: `DEMO ${i.short_name} PREMIUMS`.toUpperCase().slice(0, 32),
        updated_by_identity_id: admin.id,
      })),
    )
    .onConflictDoNothing()
}
