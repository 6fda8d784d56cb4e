import { getDb } from '../../db/client'
import { amendmentDocuments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict, DomainError, validation } from '../shared/errors'
import { assertFileUsable } from '../files/storage'
import { recordPolicyHistory } from '../policies/policy-history'
import { loadAmendment } from './amendment-loading'

/**
 * amendmentDocumentUpload/{amendmentId} (agency 'quote', 'purchase' or 'finance' on its own
 * amendments; staff 'policy_management'): attaches an uploaded file (PAYMENT_DOCUMENT or
 * SUPPORT_DOCUMENT, with an optional note) to an open amendment. A closed amendment: 409.
 */
export const uploadAmendmentDocument = defineUseCase(
  { staff: ['policy_management'], agency: ['quote', 'purchase', 'finance'] },
  async function uploadAmendmentDocument(opts: {
    actor: Actor
    amendmentId: number
    input: {
      ammendment_document_url: string
      document_type: 'PAYMENT_DOCUMENT' | 'SUPPORT_DOCUMENT'
      addition_note: string | null
    }
  }) {
    const { actor, input } = opts
    const a = await loadAmendment(actor, opts.amendmentId)
    if (!a.is_open) throw conflict('This amendment is closed; documents can no longer be added')
    try {
      await assertFileUsable(input.ammendment_document_url, actor, a.agency_id)
    } catch (err) {
      if (err instanceof DomainError && err.code === 'VALIDATION')
        throw validation('ammendment_document_url', err.message)
      throw err
    }
    return getDb().transaction(async (tx) => {
      const [doc] = await tx
        .insert(amendmentDocuments)
        .values({
          amendment_id: a.id,
          ammendment_document_url: input.ammendment_document_url,
          document_type: input.document_type,
          addition_note: input.addition_note,
          uploaded_by: 'identityId' in actor ? actor.identityId : null,
        })
        .returning()
      await recordPolicyHistory(tx, {
        policyId: a.policy_id,
        action: 'AMENDMENT_DOCUMENT_UPLOADED',
        actor,
        note: `${input.document_type === 'PAYMENT_DOCUMENT' ? 'Payment' : 'Supporting'} document added to amendment #${a.id}`,
        meta: { amendment_id: a.id, document_id: doc.id },
      })
      return doc
    })
  },
)
