import { z } from 'zod'
import {
  AgencyPendingListQuerySchema,
  InvoiceListQuerySchema,
  OutstandingListQuerySchema,
  PurchasedListQuerySchema,
  TopUpListQuerySchema,
  VerificationListQuerySchema,
} from './finance.schemas'
import { BankedCommissionQuerySchema, PayoutListQuerySchema } from './payouts/payouts.schemas'

/**
 * The finance screens have one route per list (/staff/finance/<tab>, which passes its `tab` here;
 * the export link passes `list`), and the lists' own
 * tabs travel as `status_tab` (outstanding policies, agency payments) and `invoice_tab`.
 * These parse a page URL (or its export link) into the input of one list; a bad value throws.
 */
export const STAFF_FINANCE_TABS = [
  'verification',
  'outstanding',
  'purchased',
  'topups',
  'invoices',
  'payouts',
] as const
export type StaffFinanceTab = (typeof STAFF_FINANCE_TABS)[number]

/** The staff finance page's tabs: the lists above (each exportable), then pages that are not lists. */
export const STAFF_FINANCE_PAGES = [
  ...STAFF_FINANCE_TABS,
  'refunds',
  'clawbacks',
  'disputes',
  'bnpl',
  'reconciliation',
  'statements',
  'suspense',
  'payout-batches',
  'remittances',
  'trial-balance',
  'periods',
  'commission-cap',
] as const
export type StaffFinancePage = (typeof STAFF_FINANCE_PAGES)[number]

export function parseStaffFinanceQuery(params: Record<string, string>) {
  const tab = z.enum(STAFF_FINANCE_TABS).catch('verification').parse(params.tab)
  switch (tab) {
    case 'verification':
      return { tab, input: VerificationListQuerySchema.parse(params) }
    case 'outstanding':
      return { tab, input: OutstandingListQuerySchema.parse({ ...params, tab: params.status_tab }) }
    case 'purchased':
      return {
        tab,
        input: PurchasedListQuerySchema.parse({ sort_key: 'purchased_at', ...params }),
      }
    case 'topups':
      return { tab, input: TopUpListQuerySchema.parse(params) }
    case 'invoices':
      return { tab, input: InvoiceListQuerySchema.parse({ ...params, tab: params.invoice_tab }) }
    case 'payouts':
      return { tab, input: PayoutListQuerySchema.parse(params) }
  }
}

export const AGENCY_FINANCE_TABS = [
  'overview',
  'topups',
  'invoices',
  'payments',
  'commission',
  'payouts',
] as const
export type AgencyFinanceTab = (typeof AGENCY_FINANCE_TABS)[number]

/** The agency finance page's tabs: the lists above (each exportable), then pages that are not lists. */
export const AGENCY_FINANCE_PAGES = [...AGENCY_FINANCE_TABS, 'clawbacks', 'bnpl', 'money-trail'] as const
export type AgencyFinancePage = (typeof AGENCY_FINANCE_PAGES)[number]

/** The accounts an agency's statement (the overview tab) shows: its balance and its BNPL allowance. */
export const STATEMENT_ACCOUNTS = ['balance', 'bnpl'] as const
export type StatementAccount = (typeof STATEMENT_ACCOUNTS)[number]

export function parseAgencyFinanceQuery(params: Record<string, string>) {
  const tab = z.enum(AGENCY_FINANCE_TABS).catch('overview').parse(params.tab)
  switch (tab) {
    case 'overview':
      return {
        tab,
        input: z
          .object({
            page: z.coerce.number().int().min(1).catch(1).default(1),
            account: z.enum(STATEMENT_ACCOUNTS).catch('balance').default('balance'),
          })
          .parse(params),
      }
    case 'topups':
      return { tab, input: TopUpListQuerySchema.parse({ ...params, agency_id: undefined }) }
    case 'invoices':
      return {
        tab,
        input: InvoiceListQuerySchema.parse({ ...params, agency_id: undefined, tab: params.invoice_tab }),
      }
    case 'payments':
      return {
        tab,
        input: AgencyPendingListQuerySchema.parse({
          ...params,
          agency_id: undefined,
          tab: params.status_tab,
        }),
      }
    case 'commission':
      return { tab, input: BankedCommissionQuerySchema.parse({ ...params, agency_id: undefined }) }
    case 'payouts':
      return { tab, input: PayoutListQuerySchema.parse({ ...params, agency_id: undefined }) }
  }
}
