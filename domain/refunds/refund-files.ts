// The refund documents of a policy (policy_files REFUND_DOCUMENT), with short-lived download links.
import { and, desc, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { policyFiles } from '../../db/schema'
import { presignDownload } from '../files/storage'
import { REFUND_DOCUMENT } from './refunds.rules'

export async function refundFilesOf(policyId: number, tx: DbOrTx = getDb()) {
  const rows = await tx
    .select()
    .from(policyFiles)
    .where(and(eq(policyFiles.policy_id, policyId), eq(policyFiles.file_type, REFUND_DOCUMENT)))
    .orderBy(desc(policyFiles.created_at), desc(policyFiles.id))
  return Promise.all(
    rows.map(async (f) => ({
      id: f.id,
      name: f.name,
      key: f.url,
      url: await presignDownload(f.url),
      file_type: f.file_type,
      full_refund_id: ((f.meta ?? {}) as { full_refund_id?: number }).full_refund_id ?? null,
      created_at: f.created_at,
    })),
  )
}
