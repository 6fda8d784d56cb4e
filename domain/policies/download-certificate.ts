import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policyCertificates } from '../../db/schema'
import { presignDownload } from '../files/storage'
import { isStaff, type Actor } from '../shared/actor'
import { conflict, notFound } from '../shared/errors'
import { assertPolicyReader } from './policy-guards'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'
import { present } from './certificate-rows'

/**
 * downloadCertificate (policy readers of its agency, or staff): a 5-minute download URL of the
 * current certificate. The agency side gets it only once issued (409 before); none is a 404.
 */
export const downloadCertificate = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function downloadCertificate(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    const [current] = await getDb()
      .select()
      .from(policyCertificates)
      .where(and(eq(policyCertificates.policy_id, p.id), eq(policyCertificates.certificate_type, 'new')))
      .orderBy(desc(policyCertificates.id))
      .limit(1)
    if (!current) throw notFound('Certificate')
    if (!current.issued_at && !isStaff(opts.actor)) throw conflict('The certificate has not been issued yet')
    return {
      ...present(current),
      url: await presignDownload(current.certificate_url),
      expires_in: 300,
    }
  },
)
