import type { LoaderFunctionArgs } from '@remix-run/node'
import { ZodError } from 'zod'
import { exportResponse, ExportFormatSchema } from '../../../api/export.server'
import { INVOICE_EXPORT_COLUMNS } from '../../../domain/finance/invoices/invoice-listing'
import { iterateInvoices } from '../../../domain/finance/invoices/iterate-invoices'
import { iteratePaymentPolicies } from '../../../domain/finance/policy-payments/iterate-payment-policies'
import { PAYMENT_POLICY_EXPORT_COLUMNS } from '../../../domain/finance/policy-payments/payment-policy-listing'
import { iterateTopups } from '../../../domain/finance/topups/iterate-topups'
import { TOPUP_EXPORT_COLUMNS } from '../../../domain/finance/topups/topup-listing'
import { parseAgencyFinanceQuery } from '../../../domain/finance/finance-screens.schemas'
import { iterateBankedCommission } from '../../../domain/finance/payouts/iterate-banked-commission'
import { iterateCommissionPayouts } from '../../../domain/finance/payouts/iterate-commission-payouts'
import { BANKED_EXPORT_COLUMNS, PAYOUT_EXPORT_COLUMNS } from '../../../domain/finance/payouts/payout-listing'
import { iterateStatement } from '../../../domain/finance/ledger/iterate-statement'
import { STATEMENT_EXPORT_COLUMNS } from '../../../domain/finance/ledger/ledger-statement'
import { listParams, throwAsResponse } from '../../utils/forms.server'
import { FINANCE_PAGES, requireAgency } from '../../utils/session.server'
import { businessDate } from '../../../domain/shared/business-date'

/**
 * GET /agency/finance/export?list=overview|topups|invoices|…&…: the agency's statement (overview,
 * by account) or current finance list
 * (same filters and sort, no paging) as a streamed CSV, or XLSX with format=xlsx.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const { list, format: rawFormat, ...params } = listParams(request)
  let parsed: ReturnType<typeof parseAgencyFinanceQuery>
  let format: 'csv' | 'xlsx'
  try {
    parsed = parseAgencyFinanceQuery({ ...params, tab: list ?? '' })
    format = ExportFormatSchema.parse(rawFormat)
  } catch (err) {
    if (err instanceof ZodError)
      throw new Response(err.issues[0]?.message ?? 'Invalid filter', { status: 400 })
    throw err
  }
  const filename = `${parsed.tab}-${businessDate()}`
  try {
    switch (parsed.tab) {
      case 'topups':
        return exportResponse({
          filename,
          format,
          columns: TOPUP_EXPORT_COLUMNS,
          rows: await iterateTopups({ actor, agencyId: actor.agencyId, input: parsed.input }),
        })
      case 'invoices':
        return exportResponse({
          filename,
          format,
          columns: INVOICE_EXPORT_COLUMNS,
          rows: await iterateInvoices({ actor, input: parsed.input }),
        })
      case 'payments':
        return exportResponse({
          filename,
          format,
          columns: PAYMENT_POLICY_EXPORT_COLUMNS,
          rows: await iteratePaymentPolicies({
            actor,
            list: { kind: 'pending', tab: parsed.input.tab },
            agencyId: actor.agencyId,
            input: parsed.input,
          }),
        })
      case 'commission':
        return exportResponse({
          filename,
          format,
          columns: BANKED_EXPORT_COLUMNS,
          rows: await iterateBankedCommission({ actor, agencyId: actor.agencyId, input: {} }),
        })
      case 'payouts':
        return exportResponse({
          filename,
          format,
          columns: PAYOUT_EXPORT_COLUMNS,
          rows: await iterateCommissionPayouts({ actor, agencyId: actor.agencyId, input: parsed.input }),
        })
      case 'overview':
        return exportResponse({
          filename: `statement-${parsed.input.account}-${businessDate()}`,
          format,
          columns: STATEMENT_EXPORT_COLUMNS,
          rows: await iterateStatement({ actor, agencyId: actor.agencyId, account: parsed.input.account }),
        })
    }
  } catch (err) {
    if (err instanceof Response) throw err
    throwAsResponse(err)
  }
}
