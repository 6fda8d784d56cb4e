import { presignDownload } from '../files/storage'
import { type StaffActor } from '../shared/actor'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'
import { certificatesOf, present } from './certificate-rows'

/** getCertificateByPolicyId (staff 'policy_management'): every certificate with a download URL. */
export const getCertificateByPolicyId = defineUseCase(
  { staff: ['policy_management'] },
  async function getCertificateByPolicyId(opts: { actor: StaffActor; policyId: number }) {
    const p = await loadPolicy(opts.actor, opts.policyId)
    const rows = await certificatesOf(p.id)
    return Promise.all(
      rows.map(async (c) => ({
        ...present(c),
        is_issued: !!c.issued_at,
        url: await presignDownload(c.certificate_url),
      })),
    )
  },
)
