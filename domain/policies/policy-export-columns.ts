// The columns of the policy exports (the list's CSV and XLSX, and the staff report).
import type { PolicyListRow } from './policy-listing'

const iso = (d: Date | null) => (d ? d.toISOString() : '')

export const POLICY_EXPORT_COLUMNS = [
  { header: 'Ref', value: (p: PolicyListRow) => p.ref },
  { header: 'Status', value: (p: PolicyListRow) => p.status_label },
  { header: 'Student', value: (p: PolicyListRow) => p.customer.name },
  { header: 'Email', value: (p: PolicyListRow) => p.customer.email ?? '' },
  { header: 'Passport', value: (p: PolicyListRow) => p.customer.passport_number ?? '' },
  { header: 'Insurer', value: (p: PolicyListRow) => p.provider?.display_name ?? '' },
  { header: 'Policy type', value: (p: PolicyListRow) => p.policy_type ?? '' },
  { header: 'Start date', value: (p: PolicyListRow) => p.start_date ?? '' },
  { header: 'End date', value: (p: PolicyListRow) => p.end_date ?? '' },
  { header: 'Premium (AUD)', value: (p: PolicyListRow) => (p.premium === null ? '' : p.premium.toFixed(2)) },
  { header: 'Payment method', value: (p: PolicyListRow) => p.payment_method ?? '' },
  { header: 'Agency', value: (p: PolicyListRow) => p.agency.name ?? '' },
  { header: 'User-defined status', value: (p: PolicyListRow) => p.user_defined_status ?? '' },
  { header: 'Provider payment status', value: (p: PolicyListRow) => p.provider_payment_status },
  { header: 'Created at', value: (p: PolicyListRow) => iso(p.created_at) },
  { header: 'Purchased at', value: (p: PolicyListRow) => iso(p.purchased_at) },
]

/**
 * The staff policy report (exportPolicyReportForAdmin): the export's columns and what a report
 * over the whole book also needs: the agency's e-mail, the cancellation request and whether the
 * policy is archived (the report covers both).
 */
export const POLICY_REPORT_COLUMNS = [
  ...POLICY_EXPORT_COLUMNS,
  { header: 'Agency email', value: (p: PolicyListRow) => p.agency.email ?? '' },
  { header: 'Cancellation request', value: (p: PolicyListRow) => p.cancellation_request_status },
  { header: 'Archived', value: (p: PolicyListRow) => (p.is_archived ? 'yes' : 'no') },
]
