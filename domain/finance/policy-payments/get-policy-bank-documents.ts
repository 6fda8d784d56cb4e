import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { files, policyFiles, policyPremiumPayments } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { presignDownload } from '../../files/storage'
import { loadVisiblePolicy } from './policy-payment-loading'
import { PAYMENT_PROOF } from './upload-policy-payment-proof'
import { defineUseCase } from '../../shared/authorize'

/**
 * getPolicyBankDocumentsForAgency / getPolicyBankDocumentsForAdmin: the payment proofs of a policy
 * (its payments' bank documents and the PAYMENT_PROOF files), newest first, each with a 5-minute
 * download URL. `excludeLatest` leaves out the newest one. Staff with finance for any policy; the
 * agency side (finance or purchase) for its own (another agency's policy is 404).
 */
export const getPolicyBankDocuments = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getPolicyBankDocuments(opts: { actor: Actor; policyId: number; excludeLatest?: boolean }) {
    const policy = await loadVisiblePolicy(opts.actor, opts.policyId)
    const db = getDb()
    const [payments, proofFiles] = await Promise.all([
      db
        .select({
          id: policyPremiumPayments.id,
          bank_document: policyPremiumPayments.bank_document,
          status: policyPremiumPayments.status,
          payment_type: policyPremiumPayments.payment_type,
          created_at: policyPremiumPayments.created_at,
          filename: files.filename,
        })
        .from(policyPremiumPayments)
        .leftJoin(files, eq(files.key, policyPremiumPayments.bank_document))
        .where(eq(policyPremiumPayments.policy_id, policy.id)),
      db
        .select()
        .from(policyFiles)
        .where(and(eq(policyFiles.policy_id, policy.id), eq(policyFiles.file_type, PAYMENT_PROOF)))
        .orderBy(desc(policyFiles.created_at)),
    ])
    type Doc = {
      key: string
      name: string
      uploaded_at: Date
      payment_id: number | null
      payment_status: string | null
      source: 'payment' | 'file'
    }
    const docs: Doc[] = proofFiles.map((f) => {
      const meta = (f.meta ?? {}) as { payment_id?: number }
      const payment = payments.find((p) => p.id === meta.payment_id)
      return {
        key: f.url,
        name: f.name,
        uploaded_at: f.created_at,
        payment_id: payment?.id ?? null,
        payment_status: payment?.status ?? null,
        source: 'file',
      }
    })
    for (const p of payments) {
      if (!p.bank_document || docs.some((d) => d.key === p.bank_document)) continue
      docs.push({
        key: p.bank_document,
        name: p.filename ?? p.bank_document.split('/').pop() ?? 'bank-document',
        uploaded_at: p.created_at,
        payment_id: p.id,
        payment_status: p.status,
        source: 'payment',
      })
    }
    docs.sort((a, b) => b.uploaded_at.getTime() - a.uploaded_at.getTime())
    const shown = opts.excludeLatest ? docs.slice(1) : docs
    return Promise.all(shown.map(async (d) => ({ ...d, url: await presignDownload(d.key) })))
  },
)
