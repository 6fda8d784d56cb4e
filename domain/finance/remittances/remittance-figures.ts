// The figures of an insurer's remittance (issue 25), from the money journal: posted transfers count
// in the month of their decided_at (Australia/Sydney), as in the month's trial balance and pack,
// so a closed month's figures never change. Per policy of the insurer:
// - premium: what its premium received account gained in the month (received less returned);
// - commission: what the house committed to agencies for it (house:insurer debited, less credited
//   back) less what was recovered from agencies into its clawback account.
// The remittance's own transfer carries no policy, so it never counts here.
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { monthBounds } from '../periods/month-trial-balance'

export type InsurerFigures = {
  insurance_provider_id: number
  insurer: string
  policy_count: number
  premium_cents: number
  commission_cents: number
}

export type PolicyFigures = {
  policy_id: number
  policy_ref: string
  student: string
  agency: string
  premium_cents: number
  commission_cents: number
  net_cents: number
}

/** Each policy's signed premium and commission legs of the month's posted transfers. */
function legs(month: string) {
  const { start, end } = monthBounds(month)
  return sql`
    with t as (
      select * from money_transfers where state = 'POSTED' and decided_at >= ${start} and decided_at < ${end}
    ), legs as (
      select a.policy_id,
        case when t.credit_account_id = a.id then t.amount else -t.amount end as premium,
        0::bigint as commission
      from t join money_accounts a on a.id in (t.debit_account_id, t.credit_account_id)
        and a.kind = 'policy_premium_received'
      union all
      select t.policy_id, 0, case when t.debit_account_id = a.id then t.amount else -t.amount end
      from t join money_accounts a on a.id in (t.debit_account_id, t.credit_account_id)
        and a.code = 'house:insurer'
      where t.policy_id is not null
      union all
      select a.policy_id, 0, case when t.credit_account_id = a.id then -t.amount else t.amount end
      from t join money_accounts a on a.id in (t.debit_account_id, t.credit_account_id)
        and a.kind = 'policy_clawback'
    )`
}

/** Every insurer's figures for the month (insurers whose policies moved money in it). */
export async function insurerFigures(tx: DbOrTx, month: string): Promise<InsurerFigures[]> {
  const { rows } = await tx.execute<Record<string, string | number>>(sql`
    ${legs(month)}
    select p.insurance_provider_id, ip.name as insurer, count(distinct l.policy_id)::int as policy_count,
      coalesce(sum(l.premium), 0) as premium_cents, coalesce(sum(l.commission), 0) as commission_cents
    from legs l
    join policies p on p.id = l.policy_id
    join insurance_providers ip on ip.id = p.insurance_provider_id
    group by p.insurance_provider_id, ip.name
    order by ip.name`)
  return rows.map((r) => ({
    insurance_provider_id: Number(r.insurance_provider_id),
    insurer: String(r.insurer),
    policy_count: Number(r.policy_count),
    premium_cents: Number(r.premium_cents),
    commission_cents: Number(r.commission_cents),
  }))
}

/** One insurer's policies with their figures for the month, by policy reference. */
export async function policyFigures(
  tx: DbOrTx,
  month: string,
  insuranceProviderId: number,
): Promise<PolicyFigures[]> {
  const { rows } = await tx.execute<Record<string, string | number>>(sql`
    ${legs(month)}
    select l.policy_id, p.ref as policy_ref,
      trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) as student,
      coalesce(ag.full_company_name, ag.email) as agency,
      sum(l.premium) as premium_cents, sum(l.commission) as commission_cents
    from legs l
    join policies p on p.id = l.policy_id and p.insurance_provider_id = ${insuranceProviderId}
    left join customers c on c.id = p.customer_id
    join agencies ag on ag.id = p.agency_id
    group by l.policy_id, p.ref, c.first_name, c.last_name, ag.full_company_name, ag.email
    order by p.ref, l.policy_id`)
  return rows.map((r) => {
    const premium = Number(r.premium_cents)
    const commission = Number(r.commission_cents)
    return {
      policy_id: Number(r.policy_id),
      policy_ref: String(r.policy_ref),
      student: String(r.student),
      agency: String(r.agency),
      premium_cents: premium,
      commission_cents: commission,
      net_cents: premium - commission,
    }
  })
}
