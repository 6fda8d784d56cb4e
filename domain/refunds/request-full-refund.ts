import { inArray } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { files, fullRefunds } from '../../db/schema'
import { actorLabel, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict, conflictOnDuplicate } from '../shared/errors'
import { logError } from '../shared/log'
import { refundProcess } from './refund-process'
import { assertFilesUsable } from '../files/storage'
import { notify } from '../notifications/notify'
import { loadPolicy } from '../policies/policy-loading'
import { lockPolicyFor, transitionPolicy } from '../policies/policy-history'
import { addPolicyFiles } from '../policies/policy-files'
import { assertNoOpenClawback } from '../clawbacks/open-clawback'
import { assertNoOpenAmendment } from '../amendments/amendment-opening'
import { openRefund, policyMoney, presentRefund, staffPolicyPath } from './refund-loading'
import { REFUND_DOCUMENT } from './refunds.rules'

export const ALREADY_OPEN_MSG = 'A full refund of this policy is already open'
export const NOT_PAID_MSG = 'Only a paid policy can be refunded'

/**
 * requestForFullRefund/{policyId} (agency side with finance or purchase): asks for the full refund
 * of a paid policy: status PAYMENT_APPROVED, CERTIFICATE_UPLOADED or CERTIFICATE_ISSUED, or a
 * buy-now-pay-later purchase once settled (its premium payment PAID; an unsettled one has paid
 * nothing yet), or again after a rejected refund. In one transaction: a REQUESTED full_refunds row,
 * the documents (uploaded file keys) as policy_files REFUND_DOCUMENT, the policy FULL_REFUND_REQUESTED
 * with the reason and cancellation REQUESTED_FOR_CANCELLATION (history row), staff with finance
 * notified. After commit the `full-refund-<policyId>` workflow starts (it opens the inbox task).
 * Another agency's policy: 404; one refund open already, or not paid: 409.
 */
export const requestFullRefund = defineUseCase(
  { agency: ['finance', 'purchase'] },
  async function requestFullRefund(opts: Request) {
    const { actor } = opts
    const policy = await loadPolicy(actor, opts.policyId)
    const keys = [...new Set(opts.files ?? [])]
    await assertFilesUsable('files', keys, actor, policy.agency_id)
    const refund = await getDb().transaction(async (tx) => {
      if (await openRefund(policy.id, tx)) throw conflict(ALREADY_OPEN_MSG)
      const locked = await lockPolicyFor(tx, policy.id, 'requestFullRefund')
      // The refund changes the premium and may claw back commission: one process at a time.
      await assertNoOpenAmendment(tx, policy.id)
      await assertNoOpenClawback(tx, policy.id, 'a full refund is requested')
      if ((await policyMoney(policy.id, tx)).premiumPaidCents <= 0) throw conflict(NOT_PAID_MSG)
      const [row] = await tx
        .insert(fullRefunds)
        .values({
          policy_id: policy.id,
          agency_id: policy.agency_id,
          status: 'REQUESTED',
          reason: opts.reason,
          requested_by: identityOf(actor),
        })
        .returning()
        .catch(conflictOnDuplicate(ALREADY_OPEN_MSG))
      await attachRefundDocuments(tx, row, keys, identityOf(actor))
      await announceRequest(tx, locked, opts, { refundId: row.id, files: keys.length })
      return row
    })
    try {
      await refundProcess().start({ id: refund.id, policyId: refund.policy_id })
    } catch (err) {
      // The request stands; the first decision starts the workflow if it is still missing.
      logError('full-refund-workflow-start', err, { refundId: refund.id })
    }
    return presentRefund(refund)
  },
)

type Request = { actor: Actor; policyId: number; reason: string; files?: string[] }

const identityOf = (actor: Actor) => ('identityId' in actor ? actor.identityId : null)

/** The uploaded documents (file keys) listed on the policy as its REFUND_DOCUMENTs, named as uploaded. */
async function attachRefundDocuments(
  tx: DbOrTx,
  refund: { id: number; policy_id: number },
  keys: string[],
  uploadedBy: number | null,
) {
  if (!keys.length) return
  const names = await tx
    .select({ key: files.key, filename: files.filename })
    .from(files)
    .where(inArray(files.key, keys))
  const nameOf = (k: string) => names.find((n) => n.key === k)?.filename ?? k.split('/').pop() ?? k
  await addPolicyFiles(
    tx,
    keys.map((key) => ({
      policy_id: refund.policy_id,
      name: nameOf(key),
      url: key,
      file_type: REFUND_DOCUMENT,
      meta: { full_refund_id: refund.id },
      uploaded_by: uploadedBy,
    })),
  )
}

/** The policy FULL_REFUND_REQUESTED (cancellation requested, history row) and staff finance told. */
async function announceRequest(
  tx: DbOrTx,
  locked: Awaited<ReturnType<typeof lockPolicyFor>>,
  opts: Request,
  r: { refundId: number; files: number },
) {
  await transitionPolicy(tx, locked, 'requestFullRefund', {
    actor: opts.actor,
    set: {
      full_refund_requested_reason: opts.reason,
      full_refund_rejection_reason: null,
      full_refundable_premium: null,
      full_refund_payment_method: null,
      full_refund_payment_proof_url: null,
      cancellation_request_status: 'REQUESTED_FOR_CANCELLATION',
    },
    note: opts.reason,
    meta: { full_refund_id: r.refundId, files: r.files },
  })
  await notify(
    tx,
    {
      eventType: 'FULL_REFUND_REQUESTED',
      title: `Full refund requested for ${locked.ref}`,
      message: `${actorLabel(opts.actor)}: ${opts.reason}`,
      link: staffPolicyPath(locked.id),
      meta: { policy_id: locked.id, full_refund_id: r.refundId },
    },
    { staffPermission: 'finance' },
  )
}
