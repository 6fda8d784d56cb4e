import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { agencies } from '../../../db/schema'

/**
 * Sets the agency's Your Admission flag (spec/01 is_yourAdmission_active) in `tx`, for the
 * admission area's link; false when there is no such agency.
 */
export async function setYourAdmissionFlag(tx: DbOrTx, agencyId: number, isActive: boolean) {
  const [agency] = await tx
    .update(agencies)
    .set({ is_yourAdmission_active: isActive })
    .where(eq(agencies.id, agencyId))
    .returning({ id: agencies.id })
  return Boolean(agency)
}
