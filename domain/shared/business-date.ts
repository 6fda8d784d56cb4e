import { config } from './config'
import { clock } from './clock'

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The business day (BUSINESS_TZ, Sydney by default) of an instant as an ISO date: what dates
 * people read are (an invoice raised at 00:42 on 26 Nov in Sydney is dated 26 Nov, not the 25th
 * UTC still shows), and what receipt numbers and batch dates carry. Server only (it reads the
 * configuration); clock.ts stays free of it because page schemas import the clock.
 */
export function businessDate(d: Date = clock.now()) {
  const tz = config().BUSINESS_TZ
  let f = dayFormats.get(tz)
  if (!f) dayFormats.set(tz, (f = new Intl.DateTimeFormat('en-CA', { timeZone: tz })))
  return f.format(d)
}
