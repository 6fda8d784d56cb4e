/**
 * The names of the finance pages' tabs (each tab is a route: /staff/finance/<tab>); the keys are
 * STAFF_FINANCE_TABS and AGENCY_FINANCE_TABS of finance-screens.schemas, which the layouts index with.
 */
export const STAFF_FINANCE_TAB_LABELS = {
  verification: 'Payment verification',
  outstanding: 'Outstanding',
  purchased: 'Purchased',
  topups: 'Top-ups',
  invoices: 'Invoices',
  payouts: 'Commission payouts',
  refunds: 'Full refunds',
  clawbacks: 'Clawbacks',
  disputes: 'Card disputes',
  bnpl: 'Buy now, pay later',
  reconciliation: 'Reconciliation',
  statements: 'Bank statements',
  suspense: 'Suspense',
  'payout-batches': 'Payout batches',
  remittances: 'Insurer remittances',
  'trial-balance': 'Trial balance',
  periods: 'Closed periods',
  'commission-cap': 'Commission cap',
} as const

export const AGENCY_FINANCE_TAB_LABELS = {
  overview: 'Statement',
  topups: 'Top-ups',
  invoices: 'Invoices',
  payments: 'Pending payments',
  commission: 'Banked commission',
  payouts: 'Commission payouts',
  clawbacks: 'Clawbacks',
  bnpl: 'Buy now, pay later',
  'money-trail': 'Money trail',
} as const

/** The tab a finance address shows (/staff/finance/<tab>…), or null. */
export function tabOfPath<T extends string>(pathname: string, tabs: readonly T[]): T | null {
  const segment = pathname.split('/')[3] ?? ''
  return (tabs as readonly string[]).includes(segment) ? (segment as T) : null
}
