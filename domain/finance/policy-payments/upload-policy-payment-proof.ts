import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { files, policies, policyPremiumPayments } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { assertFileUsable } from '../../files/storage'
import { addPolicyFiles, hasPolicyFile } from '../../policies/policy-files'
import { recordPolicyHistory } from '../../policies/policy-history'
import type { PremiumPaymentRow } from './bnpl-premiums'
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
      await keepAgencyProof(tx, policy.id, payment)
      await tx
        .update(policyPremiumPayments)
        .set({ bank_document: opts.documentUrl, updated_by: actor.identityId, updated_at: clock.now() })
        .where(eq(policyPremiumPayments.id, payment.id))
      const [stored] = await addPolicyFiles(tx, [
        {
          policy_id: policy.id,
          name: await fileNameOf(tx, opts.documentUrl),
          url: opts.documentUrl,
          file_type: PAYMENT_PROOF,
          uploaded_by: actor.identityId,
          meta: { payment_id: payment.id, uploaded_by_staff: true },
        },
      ])
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

/** The uploaded file's name, else the key's last part. */
async function fileNameOf(tx: DbOrTx, key: string) {
  const [file] = await tx.select({ filename: files.filename }).from(files).where(eq(files.key, key))
  return file?.filename ?? key.split('/').pop() ?? 'payment-proof'
}

/** The agency's own proof stays listed on the policy when the payment's document is replaced. */
async function keepAgencyProof(tx: DbOrTx, policyId: number, payment: PremiumPaymentRow) {
  if (!payment.bank_document || (await hasPolicyFile(tx, policyId, payment.bank_document))) return
  await addPolicyFiles(tx, [
    {
      policy_id: policyId,
      name: await fileNameOf(tx, payment.bank_document),
      url: payment.bank_document,
      file_type: PAYMENT_PROOF,
      uploaded_by: payment.created_by,
      meta: { payment_id: payment.id },
      created_at: payment.created_at,
    },
  ])
}
