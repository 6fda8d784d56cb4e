import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policyFiles } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict, notFound } from '../shared/errors'
import { loadPolicy } from '../policies/policy-loading'
import { recordPolicyHistory } from '../policies/policy-history'
import { removePolicyFile } from '../policies/policy-files'
import { openRefund } from './refund-loading'
import { REFUND_DOCUMENT } from './refunds.rules'

/**
 * DELETE refund-document/{id} (the agency side with finance or purchase): removes a document of
 * the policy's refund request while the request is REQUESTED (staff have not assessed it yet);
 * later, 409. Unknown, not a refund document, or another agency's: 404. History row.
 */
export const deleteRefundDocument = defineUseCase(
  { agency: ['finance', 'purchase'] },
  async function deleteRefundDocument(opts: { actor: Actor; fileId: number }) {
    const [file] = await getDb()
      .select()
      .from(policyFiles)
      .where(and(eq(policyFiles.id, opts.fileId), eq(policyFiles.file_type, REFUND_DOCUMENT)))
    if (!file) throw notFound('Refund document')
    try {
      await loadPolicy(opts.actor, file.policy_id)
    } catch {
      throw notFound('Refund document')
    }
    await getDb().transaction(async (tx) => {
      const refund = await openRefund(file.policy_id, tx)
      if (refund?.status !== 'REQUESTED')
        throw conflict('Refund documents can be removed only while the refund request waits to be assessed')
      const gone = await removePolicyFile(tx, file.id)
      if (!gone) throw notFound('Refund document')
      await recordPolicyHistory(tx, {
        policyId: file.policy_id,
        action: 'REFUND_DOCUMENT_DELETED',
        actor: opts.actor,
        note: `Refund document removed: ${file.name}`,
        meta: { policy_file_id: file.id, full_refund_id: refund.id },
      })
    })
    return { id: file.id, deleted: true }
  },
)
