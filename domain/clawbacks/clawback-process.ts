import { processSlot } from '../shared/process-slot'
import type { ClawbackDecision, ClawbackState } from './clawbacks.rules'

/** What the domain asks of a clawback's process (workflows/clawback). */
export interface ClawbackProcess {
  /** Start the `clawback-<id>` process of a new clawback (idempotent by its id). */
  start(clawbackId: number): Promise<void>
  /** The clawback's record changed (paid, offset): the process reloads it; starts it if missing. */
  changed(clawbackId: number): Promise<void>
  /**
   * Deliver a staff decision on a paid clawback (starting the process first if it is missing);
   * refusals surface as INVALID_TRANSITION (409) with the reason.
   */
  decide(clawbackId: number, decision: ClawbackDecision): Promise<ClawbackState>
}

export const clawbackProcess = processSlot<ClawbackProcess>('clawback')

/** A step that starts or tells a clawback gets the port passed in (the worker's); else the slot's. */
export type ClawbackDeps = { clawbacks?: Pick<ClawbackProcess, 'start' | 'changed'> }
