// The month-end pack's commission cap evidence (issue 25, ADR 0020), from the money journal: the
// commission each policy accrued in the month (its COMMISSION_BANKED transfers posted to the
// agency's commission payable, decided in the month, as the pack counts) as a percentage of the
// base commission uses (the policy's premium paid without GST). Rows: one per insurer and agency,
// then every sale above the cap in force on its purchase date (business day, Sydney) named, then
// the total. None above the cap is what compliance looks like; the total row says how many.
import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { businessDate } from '../../shared/business-date'
import { capTimeline } from './cap-store'
import type { CAP_EVIDENCE_COLUMNS } from './cap-evidence-columns'
import { percentOf } from '../../quotes/pricing.rules'
import { capOn, percentOfBase, type CapEntry } from './commission-cap.rules'

type SaleRow = {
  policy_id: number
  ref: string
  agency_id: number
  agency: string
  insurer: string
  purchased_at: Date | string | null
  base: string | number | null
  commission: string | number
}

type Evidence = Record<(typeof CAP_EVIDENCE_COLUMNS)[number][0], string | number | null>

async function salesInMonth(tx: DbOrTx, start: SQL, end: SQL) {
  const { rows } = await tx.execute<SaleRow>(sql`
    select p.id as policy_id, p.ref, p.agency_id, coalesce(ag.full_company_name, ag.email) as agency,
      coalesce(ip.name, 'No insurer') as insurer, p.purchased_at, p.premium_without_gst as base,
      sum(t.amount) as commission
    from money_transfers t
    join money_accounts a on a.id = t.credit_account_id and a.kind = 'agency_commission_payable'
    join policies p on p.id = t.policy_id
    join agencies ag on ag.id = p.agency_id
    left join insurance_providers ip on ip.id = p.insurance_provider_id
    where t.state = 'POSTED' and t.code = 'COMMISSION_BANKED' and t.decided_at >= ${start} and t.decided_at < ${end}
    group by p.id, ag.id, ip.name
    order by ip.name, agency, p.agency_id, p.id`)
  return rows
}

function judge(r: SaleRow, timeline: CapEntry[]) {
  const base = Number(r.base ?? 0)
  const commission = Number(r.commission)
  const day = r.purchased_at ? businessDate(new Date(r.purchased_at)) : null
  const cap = day ? capOn(timeline, 'OSHC', day) : null
  const percent = percentOfBase(commission, base)
  // Above the cap: more cents than the cap allows on the base (a rounding to the cent is not).
  const allowed = cap ? percentOf(base, cap.rate) : null
  return { ...r, base, commission, day, cap, percent, above: allowed !== null && commission > allowed }
}

/** The evidence rows of the month whose bounds (instants) are given. */
export async function capEvidence(tx: DbOrTx, bounds: { start: SQL; end: SQL }): Promise<Evidence[]> {
  const timeline = await capTimeline(tx)
  const sales = (await salesInMonth(tx, bounds.start, bounds.end)).map((r) => judge(r, timeline))
  const groups = new Map<string, ReturnType<typeof judge>[]>()
  for (const s of sales) {
    const key = `${s.insurer}\u0000${s.agency_id}`
    groups.set(key, [...(groups.get(key) ?? []), s])
  }
  const sum = (list: typeof sales, f: (s: (typeof sales)[number]) => number) =>
    list.reduce((n, s) => n + f(s), 0)
  const summary = (type: string, list: typeof sales, who: Partial<Evidence>): Evidence => {
    const [base, commission] = [sum(list, (s) => s.base), sum(list, (s) => s.commission)]
    return {
      row_type: type,
      insurer: null,
      agency_id: null,
      agency: null,
      policy_ref: null,
      purchase_date: null,
      policies: list.length,
      premium_without_gst: base,
      commission,
      percent: percentOfBase(commission, base),
      cap: null,
      sales_above_cap: list.filter((s) => s.above).length,
      ...who,
    }
  }
  const rows = [...groups.values()].map((list) =>
    summary('Insurer and agency', list, {
      insurer: list[0]!.insurer,
      agency_id: Number(list[0]!.agency_id),
      agency: list[0]!.agency,
    }),
  )
  for (const s of sales.filter((x) => x.above))
    rows.push({
      ...summary('Sale above the cap', [s], {}),
      insurer: s.insurer,
      agency_id: Number(s.agency_id),
      agency: s.agency,
      policy_ref: s.ref,
      purchase_date: s.day,
      cap: s.cap?.rate ?? null,
    })
  rows.push(summary('Total', sales, {}))
  return rows
}
