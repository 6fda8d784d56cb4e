import { processSlot } from '../../shared/process-slot'
import type { PayoutDecision, PayoutState } from './payouts.rules'

/** What the payouts area asks of a payout's process (workflows/commission-payout). */
export interface PayoutProcess {
  /** Start the `payout-<id>` process of a new request (idempotent by its id). */
  start(payoutId: number): Promise<void>
  /**
   * Deliver a staff decision (starting the process first if it is missing); refusals surface as
   * INVALID_TRANSITION (409) with the reason.
   */
  decide(payoutId: number, decision: PayoutDecision): Promise<PayoutState>
}

export const payoutProcess = processSlot<PayoutProcess>('commission payout')
