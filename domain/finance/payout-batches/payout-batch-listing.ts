// The batch rows as the batch screens read them: with the emails of who built and approved each.
import { eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb } from '../../../db/client'
import { identities, payoutBatches } from '../../../db/schema'

const creator = alias(identities, 'creator')
const approver = alias(identities, 'approver')

const batchColumns = {
  batch: payoutBatches,
  created_by: creator.email,
  approved_by: approver.email,
}

export function batchQuery() {
  return getDb()
    .select(batchColumns)
    .from(payoutBatches)
    .innerJoin(creator, eq(creator.id, payoutBatches.created_by_identity_id))
    .leftJoin(approver, eq(approver.id, payoutBatches.approved_by_identity_id))
}

export const present = (r: {
  batch: typeof payoutBatches.$inferSelect
  created_by: string
  approved_by: string | null
}) => ({
  ...r.batch,
  created_by: r.created_by,
  approved_by: r.approved_by,
})
