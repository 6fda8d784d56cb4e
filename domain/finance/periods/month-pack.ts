// The rows of the month-end pack (issue 25, ADR 0019), from the money journal: transfers count in
// the month of their decided_at (Australia/Sydney), as in the month's trial balance, so the pack of
// a closed month never changes. Amounts in integer cents.
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { monthBounds, monthTrialBalance } from './month-trial-balance'
import type { PackReportKey } from './month-pack.rules'
import { xeroBills, xeroSalesInvoices } from './month-pack-xero'
import { openReceivables } from './month-pack-receivables'
import { capEvidence } from '../commission-cap/cap-evidence'

type Row = Record<string, string | number | null>

/** Posted transfers decided in the month, as an SQL fragment usable in a FROM clause (`t`). */
const inMonth = (month: string) => {
  const { start, end } = monthBounds(month)
  return sql`(select * from money_transfers where state = 'POSTED' and decided_at >= ${start} and decided_at < ${end}) t`
}

const num = (rows: Row[], keys: string[]) =>
  rows.map((r) => ({ ...r, ...Object.fromEntries(keys.map((k) => [k, Number(r[k] ?? 0)])) }))

async function premiumByInsurer(tx: DbOrTx, month: string) {
  const { rows } = await tx.execute<Row>(sql`
    select coalesce(ip.name, 'No insurer') as insurer, count(distinct p.id)::int as policies,
      coalesce(sum(t.amount) filter (where t.credit_account_id = a.id), 0) as received,
      coalesce(sum(t.amount) filter (where t.debit_account_id = a.id), 0) as returned
    from ${inMonth(month)}
    join money_accounts a on a.id in (t.debit_account_id, t.credit_account_id) and a.kind = 'policy_premium_received'
    join policies p on p.id = a.policy_id
    left join insurance_providers ip on ip.id = p.insurance_provider_id
    group by ip.name order by ip.name`)
  return num(rows, ['received', 'returned']).map((r) => ({
    ...r,
    net: Number(r.received) - Number(r.returned),
  }))
}

async function commissionByAgency(tx: DbOrTx, month: string) {
  const { rows } = await tx.execute<Row>(sql`
    with m as (
      select t.*, a.kind as credit_kind, d.kind as debit_kind,
        coalesce(t.agency_id, a.agency_id, d.agency_id, p.agency_id) as agency
      from ${inMonth(month)}
      join money_accounts a on a.id = t.credit_account_id
      join money_accounts d on d.id = t.debit_account_id
      left join policies p on p.id = coalesce(a.policy_id, d.policy_id)
      where a.kind in ('agency_commission_payable', 'policy_clawback') or d.kind = 'agency_commission_payable'
    )
    select m.agency as agency_id, coalesce(ag.full_company_name, ag.email) as agency,
      coalesce(sum(m.amount) filter (where m.code = 'COMMISSION_BANKED' and m.credit_kind = 'agency_commission_payable'), 0) as accrued,
      coalesce(sum(m.amount) filter (where m.code = 'CLAWBACK' and m.debit_kind = 'agency_commission_payable' and m.credit_kind <> 'policy_clawback'), 0) as reversed,
      coalesce(sum(m.amount) filter (where m.code = 'GST' and m.credit_kind = 'agency_commission_payable'), 0) as gst,
      coalesce(sum(m.amount) filter (where m.code = 'PAYOUT' and m.debit_kind = 'agency_commission_payable'), 0) as paid,
      coalesce(sum(m.amount) filter (where m.code = 'CLAWBACK' and m.credit_kind = 'policy_clawback'), 0) as clawed_back
    from m left join agencies ag on ag.id = m.agency
    group by m.agency, ag.full_company_name, ag.email order by 2, m.agency`)
  return num(rows, ['accrued', 'reversed', 'gst', 'paid', 'clawed_back'])
}

async function gst(tx: DbOrTx, month: string) {
  const { rows } = await tx.execute<Row>(sql`
    select t.code,
      coalesce(sum(t.amount) filter (where a.code = 'house:gst' and t.credit_account_id = a.id), 0) as collected,
      coalesce(sum(t.amount) filter (where a.code = 'house:gst' and t.debit_account_id = a.id), 0) as paid
    from ${inMonth(month)}
    join money_accounts a on a.id in (t.debit_account_id, t.credit_account_id) and a.code = 'house:gst'
    group by t.code order by t.code`)
  return num(rows, ['collected', 'paid'])
}

async function refunds(tx: DbOrTx, month: string) {
  const { rows } = await tx.execute<Row>(sql`
    select to_char(t.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as posted_at, t.id as transfer_id,
      t.policy_id, t.agency_id, t.amount, c.code as to, t.note
    from ${inMonth(month)} join money_accounts c on c.id = t.credit_account_id
    where t.code = 'REFUND' order by t.decided_at, t.id`)
  return num(rows, ['amount'])
}

/** One report's rows for the month. */
export async function packRows(tx: DbOrTx, month: string, report: PackReportKey): Promise<Row[]> {
  switch (report) {
    case 'trial-balance': {
      const trial = await monthTrialBalance(tx, month)
      return [...trial.kinds, { kind: 'total', label: 'Total', ...trial.total }]
    }
    case 'premium-by-insurer':
      return premiumByInsurer(tx, month)
    case 'commission-by-agency':
      return commissionByAgency(tx, month)
    case 'gst':
      return gst(tx, month)
    case 'refunds':
      return refunds(tx, month)
    case 'receivables':
      return openReceivables(tx, month)
    case 'commission-cap':
      return capEvidence(tx, monthBounds(month))
    case 'xero-sales-invoices':
      return xeroSalesInvoices(tx, month)
    case 'xero-bills':
      return xeroBills(tx, month)
  }
}
