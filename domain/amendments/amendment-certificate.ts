// The last step of an amendment: when staff upload the new certificate of a policy whose amendment
// waits for it (ISSUE_CERTIFICATE), the amended details are written onto the policy and its
// customer in the upload's transaction (storeCertificate calls this) and the amendment is done.
import { and, desc, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { amendments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { clock } from '../shared/clock'
import { formatCents } from '../shared/format'
import { amendmentProcess } from './amendment-process'
import { notify } from '../notifications/notify'
import { closeWorkflowTasks } from '../tasks/workflow-tasks'
import { transitionPolicy } from '../policies/policy-history'
import type { PolicyRow } from '../policies/policy-loading'
import { canTransition } from '../policies/policies.rules'
import { applyDetails, type AmendmentData } from './amendment-data'
import { agencyAmendmentPath } from './amendment-loading'
import { amendmentWorkflowKey } from './amendment-steps'

/**
 * In `tx`, with the policy locked by the certificate upload: applies the policy's amendment that
 * waits at ISSUE_CERTIFICATE (policy and customer columns, partner and dependants, premium), writes
 * one history row with the before and after of every changed field, and closes the amendment
 * (CERTIFICATE_UPLOADED, next step DONE). The upload itself keeps the previous certificate as
 * `old`. Answers the amendment's id, or null when none waits.
 */
export async function applyAmendmentOnCertificate(tx: DbOrTx, policy: PolicyRow, actor: Actor) {
  const [a] = await tx
    .select()
    .from(amendments)
    .where(
      and(
        eq(amendments.policy_id, policy.id),
        eq(amendments.is_open, true),
        eq(amendments.next_step, 'ISSUE_CERTIFICATE'),
      ),
    )
    .for('update')
  if (!a || !canTransition('applyAmendment', policy.status)) return null
  const { changes, set } = await applyDetails(tx, policy, a.data as AmendmentData, a.new_premium)
  await transitionPolicy(tx, policy, 'applyAmendment', {
    actor,
    set,
    note: `Amendment #${a.id} applied with the new certificate: ${changes.length} field(s) changed, premium ${formatCents(a.prev_premium)} -> ${formatCents(a.new_premium)}`,
    meta: { amendment_id: a.id, changes },
  })
  const now = clock.now()
  await tx
    .update(amendments)
    .set({
      status: 'CERTIFICATE_UPLOADED',
      next_step: 'DONE',
      is_certificate_uploaded: true,
      is_open: false,
      closed_at: now,
      updated_at: now,
    })
    .where(eq(amendments.id, a.id))
  await closeWorkflowTasks(amendmentWorkflowKey(a.id), 'completed', tx)
  await notify(
    tx,
    {
      eventType: 'AMENDMENT_COMPLETED',
      title: `Policy ${policy.ref} amended`,
      message: `The amendment of policy ${policy.ref} is done: the new certificate is uploaded and the policy carries the new details`,
      link: agencyAmendmentPath(policy.id),
      meta: { amendment_id: a.id, policy_id: policy.id },
    },
    { agencyId: policy.agency_id },
  )
  return a.id
}

/** After an upload's commit: the amendment it completed (if any) tells its workflow, which ends. */
export async function amendmentCertificateUploaded(policyId: number) {
  const [a] = await getDb()
    .select({ id: amendments.id, status: amendments.status })
    .from(amendments)
    .where(eq(amendments.policy_id, policyId))
    .orderBy(desc(amendments.id))
    .limit(1)
  if (a?.status === 'CERTIFICATE_UPLOADED') await amendmentProcess().changed(a.id)
}
