import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import type { Actor } from '../shared/actor'
import { isAgencySide } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { forbidden } from '../shared/errors'
import { fromCents } from '../shared/money'
import { todayIso } from '../shared/fields'
import { BANKED_COMMISSION_STATUSES } from '../finance/finance.rules'
import { certificateWeeks, salesWeeks, windows } from './weekly-series'

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )

/**
 * The agency home's figures in one round trip (any agency user, its own agency): policies sold
 * and premium per week for the last `weeks` weeks beside the weeks before, certificates issued
 * per week, and — for users holding `finance` or `purchase` — balance, commission banked,
 * clawbacks owed and the buy-now-pay-later allowance; and the three newest promotions running today.
 */
export const getAgencyHomeFigures = defineUseCase(
  { agency: true },
  async function getAgencyHomeFigures(opts: { actor: Actor; weeks: number }) {
    const actor = opts.actor
    if (!isAgencySide(actor)) throw forbidden()
    const w = windows(opts.weeks)
    const today = todayIso()
    const week = (column: string) =>
      sql`floor(extract(epoch from (${sql.raw(column)} - ${w.from})) / 604800)::int`
    const { rows } = await getDb().execute(sql`
      select
        (select coalesce(json_agg(s), '[]') from (
           select ${week('p.purchased_at')} as week, count(*)::int as sold, coalesce(sum(p.premium), 0)::bigint as premium
           from policies p where p.agency_id = ${actor.agencyId} and p.purchased_at >= ${w.from} and p.purchased_at < ${w.to}
           group by 1) s) as sales,
        (select coalesce(json_agg(c), '[]') from (
           select ${week('pc.issued_at')} as week, count(*)::int as issued
           from policy_certificates pc join policies p on p.id = pc.policy_id
           where p.agency_id = ${actor.agencyId} and pc.certificate_type = 'new' and pc.issued_at >= ${w.from} and pc.issued_at < ${w.to}
           group by 1) c) as certificates,
        (select row_to_json(b) from (select balance, buy_now_pay_later_amount as bnpl_total,
           buy_now_pay_later_remaining_amount as bnpl_remaining from agency_balances where agency_id = ${actor.agencyId}) b) as balance,
        (select coalesce(sum(amount), 0)::bigint from commissions
           where agency_id = ${actor.agencyId} and status in (${list(BANKED_COMMISSION_STATUSES)})) as banked,
        (select coalesce(sum(outstanding_amount), 0)::bigint from clawbacks
           where agency_id = ${actor.agencyId} and status in ('INITIATED', 'REQUESTED', 'REJECTED')) as owed,
        (select coalesce(json_agg(pr), '[]') from (
           select id, title, end_date from promotions
           where status = 'PUBLISHED' and not is_deleted and publish_date <= ${today} and end_date >= ${today}
           order by publish_date desc, id desc limit 3) pr) as promotions`)
    const r = rows[0] as {
      sales: Record<string, unknown>[]
      certificates: Record<string, unknown>[]
      balance: { balance: number; bnpl_total: number; bnpl_remaining: number } | null
      banked: string | number
      owed: string | number
      promotions: { id: number; title: string; end_date: string }[]
    }
    const sales = salesWeeks(w.starts, opts.weeks, r.sales)
    const certificates = certificateWeeks(w.starts, opts.weeks, r.certificates)
    const seesMoney = actor.permissions.has('finance') || actor.permissions.has('purchase')
    return {
      sales,
      certificates,
      promotions: r.promotions,
      money: seesMoney
        ? {
            agencyTopUpBalance: fromCents(Number(r.balance?.balance ?? 0)),
            commissionAvailable: fromCents(Number(r.banked)),
            commissionClawback: fromCents(Number(r.owed)),
            bnplRemaining: fromCents(Number(r.balance?.bnpl_remaining ?? 0)),
            bnplTotal: fromCents(Number(r.balance?.bnpl_total ?? 0)),
          }
        : null,
    }
  },
)
