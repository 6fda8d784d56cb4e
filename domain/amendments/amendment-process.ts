import { processSlot } from '../shared/process-slot'
import type { AmendmentDecision, AmendmentState } from './amendments.rules'

/** What the amendments area asks of an amendment's process (workflows/amendment). */
export interface AmendmentProcess {
  /** Start the `amendment-<id>` process of a new amendment (idempotent by its id). */
  start(amendmentId: number): Promise<void>
  /**
   * Deliver a decision (starting the process first if it is missing); refusals surface as
   * INVALID_TRANSITION (409) with the reason.
   */
  decide(amendmentId: number, decision: AmendmentDecision): Promise<AmendmentState>
  /** The amendment changed outside a decision (certificate uploaded); a finished process ignores it. */
  changed(amendmentId: number): Promise<void>
}

export const amendmentProcess = processSlot<AmendmentProcess>('amendment')
