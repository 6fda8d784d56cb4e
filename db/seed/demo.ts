import { like, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { agencies } from '../schema'
import { AGENCY_STATUSES } from '../schema/agencies'
import { createAgency } from './factories'

export const DEMO_AGENCY_EMAIL = 'agency@demo.local'
export const DEMO_PASSWORD = 'Agency-Passw0rd!'

/** One demo agency per onboarding status so every screen has something to show. */
export async function seedDemo(db: Db) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agencies)
    .where(like(agencies.email, '%@demo.local'))
  if (n > 0) return []
  const created = []
  for (const status of AGENCY_STATUSES) {
    const active = status === 'PORTAL_ACTIVATED'
    created.push(
      await createAgency(db, {
        status,
        email: active ? DEMO_AGENCY_EMAIL : `${status.toLowerCase().replace(/_/g, '-')}@demo.local`,
        name: active ? 'Harbour Education Agency' : `Demo ${status.toLowerCase().replace(/_/g, ' ')} agency`,
        password: DEMO_PASSWORD,
        submitted: status === 'COMPANY_DETAIL_DONE' ? true : undefined,
      }),
    )
  }
  return created
}
