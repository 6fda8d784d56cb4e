// Reads of agency links shared by their use cases (called after their check).
import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { admissionAgencyLinks, agencies } from '../../db/schema'
import { notFound } from '../shared/errors'

export const linkColumns = {
  id: admissionAgencyLinks.id,
  agency_id: admissionAgencyLinks.agency_id,
  is_active: admissionAgencyLinks.is_active,
  created_at: admissionAgencyLinks.created_at,
  updated_at: admissionAgencyLinks.updated_at,
  agency_name: agencies.full_company_name,
  agency_email: agencies.email,
}

export async function loadAgencyLink(id: number, tx: DbOrTx = getDb()) {
  const [row] = await tx
    .select(linkColumns)
    .from(admissionAgencyLinks)
    .innerJoin(agencies, eq(agencies.id, admissionAgencyLinks.agency_id))
    .where(eq(admissionAgencyLinks.id, id))
  if (!row) throw notFound('Agency link')
  return row
}
