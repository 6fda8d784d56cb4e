// The agency's contact details (contact person, contact number, profile image) as the agency's own
// users change them (domain/users/update-agency-details.ts): written here, in the caller's `tx`.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { agencies } from '../../../db/schema'

export type AgencyContactDetails = Partial<
  Pick<typeof agencies.$inferInsert, 'contact_person' | 'contact_number' | 'profile_image'>
>

/** The agency takes the given contact details (absent ones keep their value); the row after. */
export async function setAgencyContactDetails(tx: DbOrTx, agencyId: number, changes: AgencyContactDetails) {
  const [after] = await tx.update(agencies).set(changes).where(eq(agencies.id, agencyId)).returning()
  return after
}
