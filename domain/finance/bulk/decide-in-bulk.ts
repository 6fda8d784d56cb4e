import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { DomainError, HTTP_STATUS, validation } from '../../shared/errors'
import { logError } from '../../shared/log'
import { BulkDecisionSchema } from './bulk-decisions.schemas'
import { decideItem } from './decide-item'

/** How one item of a bulk decision ended. */
export type ItemResult = { id: number; ok: true } | { id: number; ok: false; status: number; message: string }

/**
 * Decides several inbox items of one kind (staff with finance and a fresh second factor; issue
 * 25): bank payment verifications, top-ups, payout requests or BNPL settlements, approved or
 * rejected. Each goes through its own decision in turn (its workflow Update where it has one),
 * with its own maker-checker and state checks; a refusal of one (403, 404, 409) is its result and
 * the others go on. An unexpected failure of one is logged and reported as such, and the others
 * go on too. The answer: counts and a result per item, in the order given.
 */
export const decideInBulk = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function decideInBulk(opts: { actor: StaffActor; input: unknown }) {
    const parsed = BulkDecisionSchema.safeParse(opts.input)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw validation(String(issue.path[0] ?? 'ids'), issue.message)
    }
    const input = parsed.data
    const results: ItemResult[] = []
    for (const id of [...new Set(input.ids)]) {
      try {
        await decideItem({ actor: opts.actor, input, id })
        results.push({ id, ok: true })
      } catch (err) {
        if (err instanceof DomainError) {
          results.push({ id, ok: false, status: HTTP_STATUS[err.code], message: err.message })
          continue
        }
        logError(`bulk ${input.decision} of ${input.kind} ${id} failed`, err)
        results.push({
          id,
          ok: false,
          status: 500,
          message: 'Something went wrong on our side; try it again',
        })
      }
    }
    return {
      kind: input.kind,
      decision: input.decision,
      done: results.filter((r) => r.ok).length,
      refused: results.filter((r) => !r.ok).length,
      results,
    }
  },
)
