import { getDb } from '../../db/client'
import { policyCancellationSteps } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'
import { conflict, notFound } from '../shared/errors'
import { notify } from '../notifications/notify'
import { loadPolicy } from '../policies/policy-loading'
import { lockPolicyFor, transitionPolicy } from '../policies/policy-history'
import { presentCancellation, stepsOf } from './cancellation-loading'
import { agencyPolicyPath } from './refund-loading'

export const NO_CANCELLATION_MSG = 'No cancellation has been requested for this policy'

/**
 * {policyId}/cancellation-step/{cancellationStepId} (staff with policy_management): ticks one of the
 * provider's cancellation steps for a policy whose cancellation was requested (with its full
 * refund). Idempotent: a step already ticked is answered as it is. When the last step is ticked the
 * cancellation moves REQUESTED_FOR_CANCELLATION -> READY_FOR_CANCELLATION (it waits for
 * policyCancellationApprove, which moves it to IN_CANCELLATION). Each tick writes a policy history
 * row and notifies the agency. A step of another provider or unknown: 404; no cancellation
 * requested, or already approved: 409.
 */
export const tickCancellationStep = defineUseCase(
  { staff: ['policy_management'] },
  async function tickCancellationStep(opts: { actor: Actor; policyId: number; cancellationStepId: number }) {
    const { actor } = opts
    const seen = await loadPolicy(actor, opts.policyId)
    const step = (await stepsOf(seen)).find((s) => s.id === opts.cancellationStepId)
    if (!step) throw notFound('Cancellation step')
    if (step.is_done) return { ...presentCancellation(seen), steps: await stepsOf(seen) }
    if (seen.cancellation_request_status === 'NO_CANCELLATION') throw conflict(NO_CANCELLATION_MSG)
    if (seen.cancellation_request_status === 'IN_CANCELLATION')
      throw conflict('The cancellation of this policy is already approved')
    const identityId = 'identityId' in actor ? actor.identityId : null
    const policy = await getDb().transaction(async (tx) => {
      const locked = await lockPolicyFor(tx, seen.id, 'progressCancellation')
      if (locked.cancellation_request_status === 'NO_CANCELLATION') throw conflict(NO_CANCELLATION_MSG)
      const [added] = await tx
        .insert(policyCancellationSteps)
        .values({
          policy_id: locked.id,
          cancellation_step_id: step.id,
          done_at: clock.now(),
          done_by: identityId,
        })
        .onConflictDoNothing()
        .returning()
      if (!added) return locked
      const steps = await stepsOf(locked, tx)
      const allDone = steps.every((s) => s.is_done)
      const ready = allDone && locked.cancellation_request_status === 'REQUESTED_FOR_CANCELLATION'
      await transitionPolicy(tx, locked, 'progressCancellation', {
        actor,
        set: ready ? { cancellation_request_status: 'READY_FOR_CANCELLATION' } : {},
        note: ready
          ? `Cancellation step done: ${step.name}. Every step is done: ready for cancellation`
          : `Cancellation step done: ${step.name}`,
        meta: { cancellation_step_id: step.id, ready_for_cancellation: ready },
      })
      await notify(
        tx,
        {
          eventType: ready ? 'POLICY_READY_FOR_CANCELLATION' : 'CANCELLATION_STEP_DONE',
          title: ready
            ? `Policy ${locked.ref} is ready for cancellation`
            : `Cancellation of ${locked.ref}: ${step.name}`,
          message: `${step.name} (${steps.filter((s) => s.is_done).length} of ${steps.length} steps done)`,
          link: agencyPolicyPath(locked.id),
          meta: { policy_id: locked.id, cancellation_step_id: step.id },
        },
        { agencyId: locked.agency_id },
      )
      return {
        ...locked,
        cancellation_request_status: ready
          ? ('READY_FOR_CANCELLATION' as const)
          : locked.cancellation_request_status,
      }
    })
    return { ...presentCancellation(policy), steps: await stepsOf(policy) }
  },
)
