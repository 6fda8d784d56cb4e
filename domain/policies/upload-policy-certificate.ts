import { getDb } from '../../db/client'
import type { StaffActor } from '../shared/actor'
import { assertCertificateFile, storeCertificate } from './certificate-storage'
import { lockPolicyFor } from './policy-history'
import type { UploadCertificateInput } from './policies.schemas'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'
import { amendmentCertificateUploaded } from '../amendments/amendment-certificate'

/**
 * uploadPolicyCertificate (staff 'policy_management'): attaches the certificate file (an uploaded
 * key) to a paid policy -> CERTIFICATE_UPLOADED; the previous certificate becomes `old`. Other
 * statuses are a 409. Issuing (and the student's mail) is the separate issuePolicyCertificate.
 */
export const uploadPolicyCertificate = defineUseCase(
  { staff: ['policy_management'] },
  async function uploadPolicyCertificate(opts: {
    actor: StaffActor
    policyId: number
    input: UploadCertificateInput
  }) {
    const { actor, input } = opts
    const found = await loadPolicy(actor, opts.policyId)
    await assertCertificateFile(input.certificate_url, actor, found.agency_id)
    const out = await getDb().transaction(async (tx) => {
      const policy = await lockPolicyFor(tx, found.id, 'uploadCertificate')
      const certificate = await storeCertificate(tx, policy, input, actor)
      return { policy_id: policy.id, status: 'CERTIFICATE_UPLOADED' as const, certificate }
    })
    await amendmentCertificateUploaded(found.id)
    return out
  },
)
