// The month-end pack's Xero import files (issue 25, ADR 0019): Xero's CSV templates for sales
// invoices and bills (the column names with their asterisks are Xero's), from the closed month's
// journal with the pack's counting date (decided_at, Australia/Sydney). Sales invoices: the premium
// received per policy in the month, billed to its agency. Bills: the commission each agency banked
// in the month (a reversal in the month is a negative line of the same bill). Amounts in dollars
// with two decimals, dates DD/MM/YYYY (Xero AU).
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { monthBounds } from './month-trial-balance'

/** The chart of accounts' codes the lines post to (Xero's AU demo chart: 200 Sales, 310 Cost of Goods Sold). */
export const XERO_ACCOUNT_CODES = { premium: '200', commission: '310' } as const
/** OSHC premium and the commission on it carry no GST here: GST on commission is added at payout. */
export const XERO_TAX_TYPES = { premium: 'GST Free Income', commission: 'GST Free Expenses' } as const

type Row = Record<string, string | number | null>

const dollars = (cents: unknown) => (Number(cents) / 100).toFixed(2)
const compact = (month: string) => month.replace('-', '')

const xeroLine = (r: {
  contact: string
  email: string | null
  number: string
  reference: string
  date: string
  description: string
  cents: unknown
  account: string
  tax: string
}): Row => ({
  '*ContactName': r.contact,
  EmailAddress: r.email,
  '*InvoiceNumber': r.number,
  Reference: r.reference,
  '*InvoiceDate': r.date,
  '*DueDate': r.date,
  '*Description': r.description,
  '*Quantity': '1',
  '*UnitAmount': dollars(r.cents),
  '*AccountCode': r.account,
  '*TaxType': r.tax,
  Currency: 'AUD',
})

const DAY = sql`to_char(max(t.decided_at) at time zone 'Australia/Sydney', 'DD/MM/YYYY')`

/** One sales invoice per policy with premium received in the month (PREMIUM_PAID, AMENDMENT_PAID). */
export async function xeroSalesInvoices(tx: DbOrTx, month: string): Promise<Row[]> {
  const { start, end } = monthBounds(month)
  const { rows } = await tx.execute<Row>(sql`
    select p.ref, coalesce(ag.full_company_name, ag.email) as contact, ag.finance_comms_email as email,
      coalesce(ip.name, 'no insurer') as insurer, sum(t.amount) as cents, ${DAY} as day
    from money_transfers t
    join money_accounts a on a.id = t.credit_account_id and a.kind = 'policy_premium_received'
    join policies p on p.id = a.policy_id
    join agencies ag on ag.id = p.agency_id
    left join insurance_providers ip on ip.id = p.insurance_provider_id
    where t.state = 'POSTED' and t.decided_at >= ${start} and t.decided_at < ${end}
      and t.code in ('PREMIUM_PAID', 'AMENDMENT_PAID')
    group by p.ref, ag.full_company_name, ag.email, ag.finance_comms_email, ip.name
    order by p.ref`)
  return rows.map((r) =>
    xeroLine({
      contact: String(r.contact),
      email: r.email as string | null,
      number: `PREM-${compact(month)}-${r.ref}`,
      reference: String(r.ref),
      date: String(r.day),
      description: `OSHC premium received, policy ${r.ref} (${r.insurer})`,
      cents: r.cents,
      account: XERO_ACCOUNT_CODES.premium,
      tax: XERO_TAX_TYPES.premium,
    }),
  )
}

/** One bill per agency: commission banked in the month, and a negative line for any reversed. */
export async function xeroBills(tx: DbOrTx, month: string): Promise<Row[]> {
  const { start, end } = monthBounds(month)
  const { rows } = await tx.execute<Row>(sql`
    select ag.id, coalesce(ag.full_company_name, ag.email) as contact, ag.finance_comms_email as email,
      coalesce(sum(t.amount) filter (where t.credit_account_id = a.id and t.code = 'COMMISSION_BANKED'), 0) as banked,
      coalesce(sum(t.amount) filter (where t.debit_account_id = a.id and t.code = 'CLAWBACK'
        and c.kind <> 'policy_clawback'), 0) as reversed,
      ${DAY} as day
    from money_transfers t
    join money_accounts a on a.id in (t.debit_account_id, t.credit_account_id) and a.kind = 'agency_commission_payable'
    join money_accounts c on c.id = t.credit_account_id
    join agencies ag on ag.id = a.agency_id
    where t.state = 'POSTED' and t.decided_at >= ${start} and t.decided_at < ${end}
      and t.code in ('COMMISSION_BANKED', 'CLAWBACK')
    group by ag.id order by ag.id`)
  return rows.flatMap((r) => {
    const base = {
      contact: String(r.contact),
      email: r.email as string | null,
      number: `COM-${compact(month)}-${r.id}`,
      reference: `Commission ${month}`,
      date: String(r.day),
      account: XERO_ACCOUNT_CODES.commission,
      tax: XERO_TAX_TYPES.commission,
    }
    const lines = []
    if (Number(r.banked) > 0)
      lines.push(xeroLine({ ...base, description: `Commission banked in ${month}`, cents: r.banked }))
    if (Number(r.reversed) > 0)
      lines.push(
        xeroLine({ ...base, description: `Commission reversed in ${month}`, cents: -Number(r.reversed) }),
      )
    return lines
  })
}
