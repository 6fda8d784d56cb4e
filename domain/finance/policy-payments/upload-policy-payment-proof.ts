import { and, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { files, policies, policyFiles, policyPremiumPayments } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { assertFileUsable } from '../../files/storage'
import { recordPolicyHistory } from '../../policies/policy-history'
import { lockWaitingPayment } from './policy-payment-loading'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'

export const PAYMENT_PROOF = 'PAYMENT_PROOF'

/**
 * uploadPolicyPaymentProof (staff with finance): attaches an uploaded file (a storage key) as the
 * proof of the policy's waiting premium payment. The payment's bank_document becomes the file and
 * updated_by this staff member, who therefore may no longer approve it (maker-checker). Also
 * stored as a PAYMENT_PROOF policy file, with a history row.
 */
export const uploadPolicyPaymentProof = defineUseCase(
  { staff: ['finance'] },
  async function uploadPolicyPaymentProof(opts: {
    actor: StaffActor
    policyId: number
    documentUrl: string
  }) {
    const { actor } = opts
    return getDb().transaction(async (tx) => {
      const [policy] = await tx.select().from(policies).where(eq(policies.id, opts.policyId)).for('update')
      if (!policy) throw notFound('Policy')
      await assertFileUsable(opts.documentUrl, actor, policy.agency_id)
      const payment = await lockWaitingPayment(tx, policy.id)
      const [file] = await tx
        .select({ filename: files.filename })
        .from(files)
        .where(eq(files.key, opts.documentUrl))
      // Keep the agency's own proof listed when the payment's document is replaced.
      if (payment.bank_document) {
        const [kept] = await tx
          .select({ id: policyFiles.id })
          .from(policyFiles)
          .where(and(eq(policyFiles.policy_id, policy.id), eq(policyFiles.url, payment.bank_document)))
        if (!kept) {
          const [previous] = await tx
            .select({ filename: files.filename })
            .from(files)
            .where(eq(files.key, payment.bank_document))
          await tx.insert(policyFiles).values({
            policy_id: policy.id,
            name: previous?.filename ?? payment.bank_document.split('/').pop() ?? 'payment-proof',
            url: payment.bank_document,
            file_type: PAYMENT_PROOF,
            uploaded_by: payment.created_by,
            meta: { payment_id: payment.id },
            created_at: payment.created_at,
          })
        }
      }
      await tx
        .update(policyPremiumPayments)
        .set({ bank_document: opts.documentUrl, updated_by: actor.identityId, updated_at: clock.now() })
        .where(eq(policyPremiumPayments.id, payment.id))
      const [stored] = await tx
        .insert(policyFiles)
        .values({
          policy_id: policy.id,
          name: file?.filename ?? opts.documentUrl.split('/').pop() ?? 'payment-proof',
          url: opts.documentUrl,
          file_type: PAYMENT_PROOF,
          uploaded_by: actor.identityId,
          meta: { payment_id: payment.id, uploaded_by_staff: true },
        })
        .returning()
      await recordPolicyHistory(tx, {
        policyId: policy.id,
        action: 'PAYMENT_PROOF_UPLOADED',
        actor,
        fromStatus: policy.status,
        status: policy.status,
        note: stored.name,
        meta: { payment_id: payment.id, file_id: stored.id },
      })
      return {
        policyId: policy.id,
        paymentId: payment.id,
        file: { id: stored.id, name: stored.name, key: stored.url, file_type: stored.file_type },
      }
    })
  },
)
