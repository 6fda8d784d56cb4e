import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { policyCertificates } from '../../db/schema'
import { assertFileUsable } from '../files/storage'
import type { Actor } from '../shared/actor'
import { DomainError, validation } from '../shared/errors'
import { transitionPolicy } from './policy-history'
import { paidStatusFor } from './policies.rules'
import type { UploadCertificateInput } from './policies.schemas'
import type { PolicyRow } from './policy-loading'
import { applyAmendmentOnCertificate } from '../amendments/amendment-certificate'

/**
 * Stores a certificate on a policy locked for 'uploadCertificate' (in `tx`): the current `new`
 * certificate becomes `old`, the upload becomes `new`, its membership and policy numbers are
 * copied onto the policy -> CERTIFICATE_UPLOADED. The file key must have passed assertFileUsable.
 */
export async function storeCertificate(
  tx: DbOrTx,
  policy: PolicyRow,
  input: UploadCertificateInput,
  actor: Actor,
) {
  // An amendment waiting for this certificate is applied to the policy first (domain/amendments).
  await applyAmendmentOnCertificate(tx, policy, actor)
  await tx
    .update(policyCertificates)
    .set({ certificate_type: 'old' })
    .where(and(eq(policyCertificates.policy_id, policy.id), eq(policyCertificates.certificate_type, 'new')))
  const [certificate] = await tx
    .insert(policyCertificates)
    .values({
      policy_id: policy.id,
      certificate_type: 'new',
      certificate_url: input.certificate_url,
      certificate_name: input.certificate_name,
      membership_number: input.membership_number,
      policy_number: input.policy_number,
      uploaded_by: 'identityId' in actor ? actor.identityId : null,
    })
    .returning()
  await transitionPolicy(tx, policy, 'uploadCertificate', {
    actor,
    set: {
      membership_number: input.membership_number,
      ...(input.policy_number
        ? { policy_number: input.policy_number, is_policy_number_available: true }
        : {}),
    },
    note: `Certificate ${input.certificate_name} uploaded (membership number ${input.membership_number})`,
    meta: {
      certificate_id: certificate.id,
      certificate_name: input.certificate_name,
      // Where deleting this certificate returns the policy to.
      paid_status: paidStatusFor(policy.payment_method),
    },
  })
  return certificate
}

/** The certificate file must be an uploaded file the caller may use; reported on certificate_url. */
export async function assertCertificateFile(key: string, actor: Actor, agencyId: number) {
  try {
    await assertFileUsable(key, actor, agencyId)
  } catch (err) {
    if (err instanceof DomainError && err.code === 'VALIDATION')
      throw validation('certificate_url', err.message)
    throw err
  }
}
