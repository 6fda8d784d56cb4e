import { sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { configurationCapOf } from './configuration-caps'
import { excessOver, rateSum, type Cap } from './commission-cap.rules'

type RateRow = {
  agency_id: number
  agency: string
  insurance_provider_id: number
  insurer: string
  payment_method: string | null
  insurer_rate: string
  method_rate: string | null
}

const METHOD_LABELS: Record<string, string> = {
  nexpay: 'NexPay',
  bank: 'Bank transfer',
  card: 'Card',
  agency_balance: 'Agency balance',
  bnpl: 'Buy now, pay later',
}

/** OSHC: each insurer rate over the cap, and each enabled payment method whose rate takes it over. */
async function oshcRates(cap: Cap) {
  const { rows } = await getDb().execute<RateRow>(sql`
    select c.agency_id, coalesce(a.full_company_name, a.email) as agency, c.insurance_provider_id,
      coalesce(ip.display_name, ip.name) as insurer, null as payment_method,
      c.commission_rate::text as insurer_rate, null as method_rate
    from agency_configurations c join agencies a on a.id = c.agency_id
    join insurance_providers ip on ip.id = c.insurance_provider_id
    where c.commission_rate > ${cap.rate}::numeric
    union all
    select c.agency_id, coalesce(a.full_company_name, a.email), c.insurance_provider_id,
      coalesce(ip.display_name, ip.name), m.payment_method::text,
      c.commission_rate::text, m.commission_rate::text
    from agency_configurations c join agencies a on a.id = c.agency_id
    join insurance_providers ip on ip.id = c.insurance_provider_id
    join agency_payment_method_configs m on m.agency_id = c.agency_id
      and m.insurance_provider_id = c.insurance_provider_id
    where m.is_payment_method_enabled and m.commission_rate > 0
      and c.commission_rate + m.commission_rate > ${cap.rate}::numeric
    order by 2, 1, 4, 5 nulls first`)
  return rows
}

async function ovhcRates(cap: Cap) {
  const { rows } = await getDb().execute<RateRow>(sql`
    select o.agency_id, coalesce(a.full_company_name, a.email) as agency, o.provider_id as insurance_provider_id,
      coalesce(ip.display_name, ip.name) as insurer, null as payment_method,
      o.commission_rate::text as insurer_rate, null as method_rate
    from agency_ovhc_commissions o join agencies a on a.id = o.agency_id
    join insurance_providers ip on ip.id = o.provider_id
    where o.commission_rate > ${cap.rate}::numeric
    order by 2, 1, 4`)
  return rows
}

const present = (line: 'OSHC' | 'OVHC', cap: Cap) => (r: RateRow) => {
  const rates = r.method_rate === null ? [r.insurer_rate] : [r.insurer_rate, r.method_rate]
  return {
    product_line: line,
    agency_id: Number(r.agency_id),
    agency: r.agency,
    insurance_provider_id: Number(r.insurance_provider_id),
    insurer: r.insurer,
    payment_method: r.payment_method,
    payment_method_label: r.payment_method ? (METHOD_LABELS[r.payment_method] ?? r.payment_method) : null,
    insurer_rate: r.insurer_rate,
    method_rate: r.method_rate,
    /** The insurer's rate, with the method's when a method takes it over the cap (percent). */
    rate: rateSum(...rates),
    cap: cap.rate,
    cap_effective_from: cap.effective_from,
    /** Percentage points above the cap ("0.50"). */
    difference: excessOver(cap, ...rates),
  }
}

/**
 * The agencies whose configured rates exceed a commission cap (staff with finance; issue 25): per
 * product line with a cap set (the one rates set now must keep), each insurer rate above it and
 * each enabled payment method whose rate, with the insurer's, goes above it, with the difference in
 * percentage points. Sales are capped regardless; these are the rates to bring down.
 */
export const findAgenciesAboveCap = defineUseCase(
  { staff: ['finance'] },
  async function findAgenciesAboveCap(_opts: { actor: Actor }) {
    const [oshc, ovhc] = await Promise.all([configurationCapOf('OSHC'), configurationCapOf('OVHC')])
    const rows = [
      ...(oshc ? (await oshcRates(oshc)).map(present('OSHC', oshc)) : []),
      ...(ovhc ? (await ovhcRates(ovhc)).map(present('OVHC', ovhc)) : []),
    ]
    return { caps: { OSHC: oshc, OVHC: ovhc }, rows }
  },
)
