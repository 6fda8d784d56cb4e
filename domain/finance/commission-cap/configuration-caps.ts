// The cap on setting rates (issue 25, ADR 0020): while a cap is set for a product line, an agency's
// commission rate for an insurer, alone or with any enabled payment method's rate for that insurer,
// may not go over it (400 naming the field and the cap). Called by the agency configuration use
// cases before they write; with no cap set, nothing here refuses (the 0-100 rules stay as they are).
import { and, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { agencyPaymentMethodConfigs } from '../../../db/schema'
import { validation } from '../../shared/errors'
import { capTimeline, purchaseDay } from './cap-store'
import { CAP_MESSAGES, configurationCap, exceedsCap, type Cap } from './commission-cap.rules'

type MethodRate = { payment_method: string; is_payment_method_enabled: boolean; commission_rate: string }
export type ProviderRates = {
  insurance_provider_id: number
  commission_rate: string
  /** The methods being saved with it (v2); the agency's other methods are read from the database. */
  paymentMethods?: MethodRate[]
}

const METHOD_WORDS: Record<string, string> = {
  nexpay: 'NexPay',
  bank: 'bank transfer',
  card: 'card',
  agency_balance: 'agency balance',
  bnpl: 'buy now, pay later',
}

/** The cap a rate set now must keep for `line`, or null when none is set. */
export async function configurationCapOf(line: 'OSHC' | 'OVHC', db: DbOrTx = getDb()): Promise<Cap | null> {
  return configurationCap(await capTimeline(db), line, purchaseDay())
}

/** The enabled payment methods the agency has for the insurer, the ones being saved replacing theirs. */
async function methodsAfterSave(db: DbOrTx, agencyId: number, c: ProviderRates) {
  const saved = await db
    .select({
      payment_method: agencyPaymentMethodConfigs.payment_method,
      is_payment_method_enabled: agencyPaymentMethodConfigs.is_payment_method_enabled,
      commission_rate: agencyPaymentMethodConfigs.commission_rate,
    })
    .from(agencyPaymentMethodConfigs)
    .where(
      and(
        eq(agencyPaymentMethodConfigs.agency_id, agencyId),
        eq(agencyPaymentMethodConfigs.insurance_provider_id, c.insurance_provider_id),
      ),
    )
  const incoming = (c.paymentMethods ?? []).map((m, index) => ({ ...m, index }))
  const kept = saved
    .filter((s) => !incoming.some((m) => m.payment_method === s.payment_method))
    .map((s) => ({ ...s, index: null as number | null }))
  return [...incoming, ...kept].filter((m) => m.is_payment_method_enabled)
}

/**
 * Refuses OSHC rates over the cap: `field(i)` names the i-th insurer's rate, `methodField(i, j)`
 * the j-th method being saved with it. A method already saved that the new insurer rate pushes
 * over the cap is the insurer rate's fault, so its field is named.
 */
export async function assertOshcRatesWithinCap(
  db: DbOrTx,
  agencyId: number,
  configs: ProviderRates[],
  field: (i: number) => string,
  methodField: (i: number, j: number) => string = field,
) {
  const cap = await configurationCapOf('OSHC', db)
  if (!cap) return
  for (const [i, c] of configs.entries()) {
    if (exceedsCap(cap, c.commission_rate)) throw validation(field(i), CAP_MESSAGES.rate('OSHC', cap))
    for (const m of await methodsAfterSave(db, agencyId, c)) {
      if (!exceedsCap(cap, c.commission_rate, m.commission_rate)) continue
      const words = METHOD_WORDS[m.payment_method] ?? m.payment_method
      throw validation(
        m.index === null ? field(i) : methodField(i, m.index),
        CAP_MESSAGES.withMethod('OSHC', cap, words, c.commission_rate),
      )
    }
  }
}

/** Refuses OVHC rates over the cap: `field(i)` names the i-th rate. */
export async function assertOvhcRatesWithinCap(
  rates: { commission_rate: string }[],
  field: (i: number) => string,
  db: DbOrTx = getDb(),
) {
  if (!rates.length) return
  const cap = await configurationCapOf('OVHC', db)
  for (const [i, r] of rates.entries())
    if (exceedsCap(cap, r.commission_rate)) throw validation(field(i), CAP_MESSAGES.rate('OVHC', cap!))
}

/**
 * Refuses an OVHC range that offers agencies rates over the cap (400 on max_rate): an agency
 * choosing its top would be refused anyway.
 */
export async function assertOvhcRangeWithinCap(maxRate: string, db: DbOrTx = getDb()) {
  const cap = await configurationCapOf('OVHC', db)
  if (exceedsCap(cap, maxRate)) throw validation('max_rate', CAP_MESSAGES.rangeTop('OVHC', cap!))
}
