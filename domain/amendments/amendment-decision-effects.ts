// The named effects the amendment decisions compose (amendment-premium-decisions.ts,
// amendment-payment-decisions.ts), each in the decision's transaction: the amendment's own row,
// the policy's history, the other side's notification, the inbox task, and the settling of the
// premium that commission follows.
import type { DbOrTx } from '../../db/client'
import { amendments, type policies } from '../../db/schema'
import { eq } from 'drizzle-orm'
import type { Actor } from '../shared/actor'
import type { Clock } from '../shared/clock'
import { conflict } from '../shared/errors'
import { notify } from '../notifications/notify'
import { closeWorkflowTasks } from '../tasks/workflow-tasks'
import { recordPolicyHistory } from '../policies/policy-history'
import { adjustCommission } from './amendment-money'
import { agencyAmendmentPath, staffAmendmentPath, type AmendmentRow } from './amendment-loading'
import { amendmentWorkflowKey } from './amendment-steps'

/** A decision's answer: the amendment after it, and the clawback it opened (started after commit). */
export type Applied = { a: AmendmentRow; clawbackId: number | null }

/** What a decision acts on: the locked amendment, its policy, who decides, and the clock. */
export type Ctx = {
  tx: DbOrTx
  a: AmendmentRow
  policy: typeof policies.$inferSelect
  actor: Actor
  clock: Clock
}

/** The decider's identity, recorded as the creator of what the decision adds. */
export const identityOf = (ctx: Ctx) => ('identityId' in ctx.actor ? ctx.actor.identityId : null)

export async function update(ctx: Ctx, set: Partial<typeof amendments.$inferInsert>) {
  const [a] = await ctx.tx
    .update(amendments)
    .set({ ...set, updated_at: ctx.clock.now() })
    .where(eq(amendments.id, ctx.a.id))
    .returning()
  return a
}

export async function history(ctx: Ctx, action: string, note: string, meta: Record<string, unknown> = {}) {
  await recordPolicyHistory(ctx.tx, {
    policyId: ctx.a.policy_id,
    action,
    actor: ctx.actor,
    note,
    meta: { amendment_id: ctx.a.id, ...meta },
  })
}

export async function tell(
  ctx: Ctx,
  side: 'staff' | 'agency',
  eventType: string,
  title: string,
  message: string,
  permission = 'policy_management',
) {
  await notify(
    ctx.tx,
    {
      eventType,
      title,
      message,
      link: side === 'staff' ? staffAmendmentPath(ctx.a.policy_id) : agencyAmendmentPath(ctx.a.policy_id),
      meta: { amendment_id: ctx.a.id, policy_id: ctx.a.policy_id },
    },
    side === 'staff' ? { staffPermission: permission } : { agencyId: ctx.a.agency_id },
  )
}

export const closeTask = (ctx: Ctx, outcome: string) =>
  closeWorkflowTasks(amendmentWorkflowKey(ctx.a.id), outcome, ctx.tx)

/** The premium is settled (paid, credited or unchanged): commission follows, next the certificate. */
export async function settled(ctx: Ctx, set: Partial<typeof amendments.$inferInsert>): Promise<Applied> {
  const a = await update(ctx, { ...set, status: 'COMPLETED', next_step: 'ISSUE_CERTIFICATE' })
  const { clawbackId } = await adjustCommission(ctx.tx, a, ctx.actor)
  await tell(
    ctx,
    'staff',
    'AMENDMENT_CERTIFICATE_DUE',
    'Amended policy: new certificate due',
    `Upload the new certificate of policy ${ctx.policy.ref} (amendment #${a.id})`,
  )
  return { a, clawbackId }
}

export async function invoiceOf(ctx: Ctx) {
  if (!ctx.a.invoice_id) throw conflict('This amendment has no invoice to pay')
  return ctx.a.invoice_id
}
