import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies, identities } from '../../../db/schema'
import { conflict } from '../../shared/errors'

export const DUPLICATE_AGENCY = 'An agency with this email already exists'

export async function assertEmailFree(email: string, exceptAgencyId?: number) {
  const db = getDb()
  const [a] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(sql`lower(${agencies.email})`, email.toLowerCase()))
  if (a && a.id !== exceptAgencyId) throw conflict(DUPLICATE_AGENCY)
  const [i] = await db
    .select({ id: identities.id })
    .from(identities)
    .where(eq(sql`lower(${identities.email})`, email.toLowerCase()))
  if (i) throw conflict('This email is already used by another account')
}
