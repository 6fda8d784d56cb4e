// The decisions of the amendment workflow (the activity of its `decide` update): each is applied
// in one transaction against the amendment as the database holds it, so a retried activity
// changes nothing twice. The decisions themselves: amendment-premium-decisions.ts and
// amendment-payment-decisions.ts, composed of the effects in amendment-decision-effects.ts.
import { eq } from 'drizzle-orm'
import { amendments, policies } from '../../db/schema'
import { invalidTransition, notFound } from '../shared/errors'
import { startClawbackAfterCommit } from './amendment-money'
import { actorOf, amendmentStateOf } from './amendment-loading'
import { amendmentDecisionRefusal, type AmendmentDecision } from './amendments.rules'
import { sharedStepDeps, type StepDeps } from '../shared/step-deps'
import type { ClawbackDeps } from '../clawbacks/clawback-process'
import type { Applied, Ctx } from './amendment-decision-effects'
import { acceptPremium, confirmPremium, withdraw } from './amendment-premium-decisions'
import { approvePayment, cardPaid, pay, rejectPayment } from './amendment-payment-decisions'

/**
 * Applies a decision in one transaction (the activity of the `decide` update): refuses one that
 * does not fit the amendment as the database holds it (409 with the reason), writes the history on
 * the policy, closes the inbox task and notifies the other side. See the use cases for each kind.
 */
export async function applyAmendmentDecision(
  input: { amendmentId: number; decision: AmendmentDecision; key?: string },
  deps: StepDeps & ClawbackDeps = sharedStepDeps(),
) {
  const { decision } = input
  const actor = actorOf(decision.by)
  const out = await deps.db.transaction(async (tx): Promise<Applied> => {
    const [a] = await tx.select().from(amendments).where(eq(amendments.id, input.amendmentId)).for('update')
    if (!a) throw notFound('Amendment')
    // A retried activity whose decision already committed: answered as it is, not refused.
    if (input.key && a.last_decision_key === input.key) return { a, clawbackId: null }
    const refusal = amendmentDecisionRefusal(amendmentStateOf(a), false, decision)
    if (refusal) throw invalidTransition(refusal)
    const [policy] = await tx.select().from(policies).where(eq(policies.id, a.policy_id))
    const ctx = { tx, a, policy, actor, clock: deps.clock }
    const applied = await apply(ctx, decision)
    if (!input.key) return applied
    const [keyed] = await tx
      .update(amendments)
      .set({ last_decision_key: input.key })
      .where(eq(amendments.id, a.id))
      .returning()
    return { ...applied, a: keyed }
  })
  await startClawbackAfterCommit(out.clawbackId, deps.clawbacks)
  return amendmentStateOf(out.a)
}

function apply(ctx: Ctx, decision: AmendmentDecision): Promise<Applied> {
  switch (decision.kind) {
    case 'confirmPremium':
      return confirmPremium(ctx, decision.new_premium)
    case 'acceptPremium':
      return acceptPremium(ctx, decision.note)
    case 'withdraw':
      return withdraw(ctx, decision.note)
    case 'pay':
      return pay(ctx, decision.payment_method, decision.bank_document)
    case 'cardPaid':
      return cardPaid(ctx, decision.card_payment_id)
    case 'approvePayment':
      return approvePayment(ctx)
    case 'rejectPayment':
      return rejectPayment(ctx, decision.reason)
  }
}
