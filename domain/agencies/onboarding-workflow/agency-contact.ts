import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { notFound } from '../../shared/errors'

/** The agency's name (company name, else e-mail) and e-mail, for its onboarding tasks and reminders. */
export async function agencyName(agencyId: number, db: DbOrTx = getDb()) {
  const [a] = await db.select().from(agencies).where(eq(agencies.id, agencyId))
  if (!a) throw notFound('Agency')
  return { id: a.id, name: a.full_company_name ?? a.email, email: a.email, status: a.status }
}
