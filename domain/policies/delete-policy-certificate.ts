import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policyCertificates } from '../../db/schema'
import type { CERTIFICATE_TYPES } from '../../db/schema/enums'
import type { StaffActor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { lockPolicyFor, recordPolicyHistory, transitionPolicy } from './policy-history'
import { paidStatusFor } from './policies.rules'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'

/**
 * DELETE {policyId}/certificate (staff 'policy_management'). `old`: removes a replaced certificate
 * (certificateId, or the newest old one); the status does not change. `new`: removes the current
 * certificate of a CERTIFICATE_UPLOADED / CERTIFICATE_ISSUED policy (409 otherwise), which returns
 * to the paid status it came from: PAYMENT_BY_BUY_NOW_PAY_LATER when bought with BNPL, else
 * PAYMENT_APPROVED. A missing certificate is a 404. The stored file is kept.
 */
export const deletePolicyCertificate = defineUseCase(
  { staff: ['policy_management'] },
  async function deletePolicyCertificate(opts: {
    actor: StaffActor
    policyId: number
    certificateType: (typeof CERTIFICATE_TYPES)[number]
    certificateId?: number
  }) {
    const { actor } = opts
    await loadPolicy(actor, opts.policyId)
    return getDb().transaction(async (tx) => {
      const policy =
        opts.certificateType === 'new'
          ? await lockPolicyFor(tx, opts.policyId, 'deleteCertificate')
          : await loadPolicy(actor, opts.policyId, tx)
      const [certificate] = await tx
        .select()
        .from(policyCertificates)
        .where(
          and(
            eq(policyCertificates.policy_id, policy.id),
            eq(policyCertificates.certificate_type, opts.certificateType),
            opts.certificateId ? eq(policyCertificates.id, opts.certificateId) : undefined,
          ),
        )
        .orderBy(desc(policyCertificates.id))
        .limit(1)
      if (!certificate) throw notFound('Certificate')
      await tx.delete(policyCertificates).where(eq(policyCertificates.id, certificate.id))
      const note = `${opts.certificateType === 'new' ? 'Current' : 'Old'} certificate ${certificate.certificate_name} deleted`
      const meta = { certificate_id: certificate.id, certificate_type: opts.certificateType }
      if (opts.certificateType === 'new') {
        const status = await transitionPolicy(tx, policy, 'deleteCertificate', {
          actor,
          to: paidStatusFor(policy.payment_method),
          note,
          meta,
        })
        return { policy_id: policy.id, status, deleted_certificate_id: certificate.id }
      }
      await recordPolicyHistory(tx, {
        policyId: policy.id,
        action: 'deleteCertificate',
        actor,
        fromStatus: policy.status,
        status: policy.status,
        note,
        meta,
      })
      return { policy_id: policy.id, status: policy.status, deleted_certificate_id: certificate.id }
    })
  },
)
