import { config } from './config'
import { businessDay, clock } from './clock'

/**
 * The business day (BUSINESS_TZ, Sydney by default) of an instant as an ISO date: what dates
 * people read are (an invoice raised at 00:42 on 26 Nov in Sydney is dated 26 Nov, not the 25th
 * UTC still shows), and what receipt numbers and batch dates carry. Server only (it reads the
 * configuration); clock.ts stays free of it because page schemas import the clock.
 */
export function businessDate(d: Date = clock.now()) {
  return businessDay(d, config().BUSINESS_TZ)
}
