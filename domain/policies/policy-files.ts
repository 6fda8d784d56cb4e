// The files listed on a policy (payment proofs, refund documents): the other areas attach them
// through this module rather than writing the policy's rows themselves.
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { policyFiles } from '../../db/schema'

export type NewPolicyFile = typeof policyFiles.$inferInsert

/** Attaches files (storage keys) to policies, in `tx`; returns the stored rows. */
export function addPolicyFiles(tx: DbOrTx, rows: NewPolicyFile[]) {
  return tx.insert(policyFiles).values(rows).returning()
}

/** Whether the policy already lists the file stored under `url`. */
export async function hasPolicyFile(tx: DbOrTx, policyId: number, url: string) {
  const [row] = await tx
    .select({ id: policyFiles.id })
    .from(policyFiles)
    .where(and(eq(policyFiles.policy_id, policyId), eq(policyFiles.url, url)))
  return Boolean(row)
}

/** Removes one listed file of a policy, in `tx`; returns the removed row, if there was one. */
export async function removePolicyFile(tx: DbOrTx, fileId: number) {
  const [gone] = await tx.delete(policyFiles).where(eq(policyFiles.id, fileId)).returning()
  return gone
}
