import type { LoaderFunctionArgs } from '@remix-run/node'
import { ZodError } from 'zod'
import { exportResponse } from '../../../api/export.server'
import { ExportFormatSchema } from '../../../api/export.server'
import { INVOICE_EXPORT_COLUMNS } from '../../../domain/finance/invoices/invoice-listing'
import { iterateInvoices } from '../../../domain/finance/invoices/iterate-invoices'
import { iteratePaymentPolicies } from '../../../domain/finance/policy-payments/iterate-payment-policies'
import {
  PAYMENT_POLICY_EXPORT_COLUMNS,
  type PaymentList,
} from '../../../domain/finance/policy-payments/payment-policy-listing'
import { iterateTopups } from '../../../domain/finance/topups/iterate-topups'
import { TOPUP_EXPORT_COLUMNS } from '../../../domain/finance/topups/topup-listing'
import { parseStaffFinanceQuery } from '../../../domain/finance/finance-screens.schemas'
import { iterateCommissionPayouts } from '../../../domain/finance/payouts/iterate-commission-payouts'
import { PAYOUT_EXPORT_COLUMNS } from '../../../domain/finance/payouts/payout-listing'
import { listParams, throwAsResponse } from '../../utils/forms.server'
import { requireStaff } from '../../utils/session.server'
import { businessDate } from '../../../domain/shared/business-date'

/**
 * GET /staff/finance/export?list=<tab>&…: the finance page's current list (same filters and sort,
 * no paging) as a streamed CSV, or XLSX with format=xlsx.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request, 'finance')
  const { list, format: rawFormat, ...params } = listParams(request)
  let parsed: ReturnType<typeof parseStaffFinanceQuery>
  let format: 'csv' | 'xlsx'
  try {
    parsed = parseStaffFinanceQuery({ ...params, tab: list ?? params.tab ?? '' })
    format = ExportFormatSchema.parse(rawFormat)
  } catch (err) {
    if (err instanceof ZodError)
      throw new Response(err.issues[0]?.message ?? 'Invalid filter', { status: 400 })
    throw err
  }
  const filename = `${parsed.tab}-${businessDate()}`
  try {
    switch (parsed.tab) {
      case 'verification':
      case 'outstanding':
      case 'purchased': {
        const kind: PaymentList =
          parsed.tab === 'outstanding' ? { kind: 'outstanding', tab: parsed.input.tab } : { kind: parsed.tab }
        return exportResponse({
          filename,
          format,
          columns: PAYMENT_POLICY_EXPORT_COLUMNS,
          rows: await iteratePaymentPolicies({ actor, list: kind, input: parsed.input }),
        })
      }
      case 'topups':
        return exportResponse({
          filename,
          format,
          columns: TOPUP_EXPORT_COLUMNS,
          rows: await iterateTopups({ actor, input: parsed.input }),
        })
      case 'invoices':
        return exportResponse({
          filename,
          format,
          columns: INVOICE_EXPORT_COLUMNS,
          rows: await iterateInvoices({ actor, input: parsed.input }),
        })
      case 'payouts':
        return exportResponse({
          filename,
          format,
          columns: PAYOUT_EXPORT_COLUMNS,
          rows: await iterateCommissionPayouts({ actor, input: parsed.input }),
        })
    }
  } catch (err) {
    throwAsResponse(err)
  }
}
