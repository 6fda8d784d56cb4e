// A policy's certificate rows and their shape, shared by the certificate read use cases.
import { desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policyCertificates } from '../../db/schema'

export async function certificatesOf(policyId: number) {
  return getDb()
    .select()
    .from(policyCertificates)
    .where(eq(policyCertificates.policy_id, policyId))
    .orderBy(desc(policyCertificates.id))
}

export const present = (c: typeof policyCertificates.$inferSelect) => ({
  id: c.id,
  policy_id: c.policy_id,
  certificate_type: c.certificate_type,
  certificate_name: c.certificate_name,
  membership_number: c.membership_number,
  policy_number: c.policy_number,
  issued_at: c.issued_at,
  created_at: c.created_at,
})
