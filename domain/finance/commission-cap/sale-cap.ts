// The cap on a sale (issue 25, ADR 0020): a sale whose purchase date (business day, Australia/
// Sydney) is on or after the OSHC cap's effective date earns at most the cap, on the base commission
// uses today (the premium paid without GST). Quotes show the capped figure for a purchase today;
// the purchase books it with its own day, so a policy priced before the date and bought on it is
// capped all the same. Policies sold here are OSHC.
import { getDb, type DbOrTx } from '../../../db/client'
import { capTimeline, purchaseDay } from './cap-store'
import { capOn, cappedRate, type Cap } from './commission-cap.rules'

/** The OSHC cap in force for a sale purchased on `day` (default: today), or null. */
export async function saleCap(db: DbOrTx = getDb(), day: string = purchaseDay()): Promise<Cap | null> {
  return capOn(await capTimeline(db), 'OSHC', day)
}

/** The commission rate a sale purchased on `day` earns: `rate`, or the cap when it is lower. */
export async function saleCommissionRate(rate: string, db: DbOrTx = getDb(), day: string = purchaseDay()) {
  return cappedRate(rate, await saleCap(db, day))
}
