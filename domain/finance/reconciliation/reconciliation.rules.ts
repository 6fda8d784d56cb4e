// What the ledger reconciliation compares, and how each check is named on screen (shared with the browser).

/** What a reconciliation compares; each failed comparison is one mismatch. */
export const RECONCILIATION_CHECKS = [
  /** agency_balances.balance = the sum of its agency_balance_transactions. */
  'balance_ledger_sum',
  /** agency_balances.balance = the balance after its last ledger row. */
  'balance_last_entry',
  /** remaining BNPL allowance = the allowance + the sum of its bnpl_transactions. */
  'bnpl_remaining',
  /** invoice sub_total and total_amount_due = the sum of its line items' total_amount. */
  'invoice_totals',
  /** invoice tax_total = the sum of its line items' tax_amount. */
  'invoice_tax',
  /** a PAID or OVER_PAID invoice has COMPLETED payments of at least its total_amount_due. */
  'invoice_paid',
  /** total_outstanding_amount = max(0, due - COMPLETED payments) on an invoice not cancelled. */
  'invoice_outstanding',
  /** the money journal: posted (and pending) debits = credits summed over every account. */
  'journal_trial_balance',
  /** a journal account's four columns = the sums of its transfers by side and state. */
  'journal_account',
  /** agency_balances.balance = the agency's journal balance account (posted credits - debits). */
  'journal_balance',
  /** BNPL allowance - remaining = the agency's journal BNPL-used account (posted debits - credits). */
  'journal_bnpl',
  /** a policy's journal premium received = premiums paid less refunded by its business records. */
  'journal_premium_received',
  /** an agency's journal commission payable = its commission banked and not paid out. */
  'journal_commission_payable',
  /** a policy's journal clawback account = what was paid back of its clawbacks. */
  'journal_clawback',
  /** a PAID insurer remittance = one posted INSURER_REMITTANCE transfer of its amount, and no other. */
  'journal_insurer_remittance',
] as const
export type ReconciliationCheck = (typeof RECONCILIATION_CHECKS)[number]

export const RECONCILIATION_CHECK_LABELS: Record<ReconciliationCheck, string> = {
  balance_ledger_sum: 'Balance vs ledger sum',
  balance_last_entry: 'Balance vs last ledger row',
  bnpl_remaining: 'BNPL remaining vs allowance and ledger',
  invoice_totals: 'Invoice total vs line items',
  invoice_tax: 'Invoice tax vs line items',
  invoice_paid: 'Paid invoice vs payments',
  invoice_outstanding: 'Outstanding vs payments',
  journal_trial_balance: 'Journal trial balance',
  journal_account: 'Journal account vs its transfers',
  journal_balance: 'Balance vs journal account',
  journal_bnpl: 'BNPL used vs journal account',
  journal_premium_received: 'Premium received vs journal account',
  journal_commission_payable: 'Commission payable vs journal account',
  journal_clawback: 'Clawback paid back vs journal account',
  journal_insurer_remittance: 'Insurer remittance vs journal transfer',
}
