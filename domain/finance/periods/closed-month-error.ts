import { conflict } from '../../shared/errors'
import { PERIOD_MESSAGES } from './periods.rules'

/** The SQLSTATE the trigger of migration 0041 raises for a change dated in a closed month. */
export const CLOSED_MONTH_SQLSTATE = 'PC001'

/** The month (`YYYY-MM`) a closed-month refusal names, found on the error or its causes, or null. */
export function closedMonthOf(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const x = e as { code?: unknown; hint?: unknown; cause?: unknown }
    if (x.code === CLOSED_MONTH_SQLSTATE) return typeof x.hint === 'string' ? x.hint : '?'
    e = x.cause
  }
  return null
}

/**
 * For `.catch(...)` on a journal write: the trigger's refusal becomes a 409 naming the closed month
 * (a correction belongs in the open month); anything else is rethrown.
 */
export function rethrowClosedMonth(err: unknown): never {
  const month = closedMonthOf(err)
  throw month ? conflict(PERIOD_MESSAGES.closed(month)) : err
}
