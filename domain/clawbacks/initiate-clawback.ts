import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { clawbacks } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { DomainError, validation } from '../shared/errors'
import { logError } from '../shared/log'
import { clawbackProcess } from './clawback-process'
import { assertFileUsable } from '../files/storage'
import { openClawback } from './open-clawback'
import { presentClawback } from './clawback-listing'

/**
 * initiate-clawback/{policyId} (staff with finance): opens a clawback on a policy whose commission
 * was paid (openClawback: the server computes clawback_commission_amount = round(premium x the
 * policy's commission_rate / 100)), then starts its `clawback-<id>` workflow after commit. 404 for
 * an unknown policy, 409 with the reason when the policy or its commission does not allow it.
 */
export const initiateClawback = defineUseCase(
  { staff: ['finance'] },
  async function initiateClawback(opts: {
    actor: StaffActor
    policyId: number
    input: {
      clawback_premium_amount: number
      clawback_document: string | null
      clawback_document_name: string | null
    }
  }) {
    const { actor, input } = opts
    if (input.clawback_document) {
      try {
        await assertFileUsable(input.clawback_document, actor, 0)
      } catch (err) {
        if (err instanceof DomainError && err.code === 'VALIDATION')
          throw validation('clawback_document', err.message)
        throw err
      }
    }
    const { clawbackId } = await getDb().transaction((tx) =>
      openClawback(tx, {
        policyId: opts.policyId,
        premiumAmount: input.clawback_premium_amount,
        actor,
        document: input.clawback_document,
        documentName: input.clawback_document_name ?? (input.clawback_document ? 'Clawback document' : null),
      }),
    )
    // The workflow only nudges and waits; a failed start is retried by the next change (signal-with-start).
    await clawbackProcess()
      .start(clawbackId)
      .catch((err: unknown) => logError('clawback workflow not started', err, { clawbackId }))
    const [row] = await getDb().select().from(clawbacks).where(eq(clawbacks.id, clawbackId))
    return presentClawback(row)
  },
)
