import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policyCertificates } from '../../db/schema'
import { presignDownload } from '../files/storage'
import { isStaff, type Actor } from '../shared/actor'
import { conflict, notFound } from '../shared/errors'
import { assertPolicyReader, assertStaffPolicyManager } from './policy-guards'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'

async function certificatesOf(policyId: number) {
  return getDb()
    .select()
    .from(policyCertificates)
    .where(eq(policyCertificates.policy_id, policyId))
    .orderBy(desc(policyCertificates.id))
}

const present = (c: typeof policyCertificates.$inferSelect) => ({
  id: c.id,
  policy_id: c.policy_id,
  certificate_type: c.certificate_type,
  certificate_name: c.certificate_name,
  membership_number: c.membership_number,
  policy_number: c.policy_number,
  issued_at: c.issued_at,
  created_at: c.created_at,
})

/**
 * getPolicyCertificate (policy readers of its agency, or staff): the policy's certificates. The
 * agency side sees the current certificate once issued; staff see every one, old and new.
 */
export const getPolicyCertificate = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPolicyCertificate(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    const rows = await certificatesOf(p.id)
    const visible = isStaff(opts.actor)
      ? rows
      : rows.filter((c) => c.certificate_type === 'new' && c.issued_at)
    return {
      policy_id: p.id,
      membership_number: p.membership_number,
      certificates: visible.map((c) => ({ ...present(c), is_issued: !!c.issued_at })),
    }
  },
)

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

/** getCertificateByPolicyId (staff 'policy_management'): every certificate with a download URL. */
export const getCertificateByPolicyId = defineUseCase(
  { staff: ['policy_management'] },
  async function getCertificateByPolicyId(opts: { actor: Actor; policyId: number }) {
    assertStaffPolicyManager(opts.actor)
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
