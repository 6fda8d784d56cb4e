/**
 * The dashboard's periods (DESIGN.md section 12): a range of whole days (Sydney business days,
 * both ends included) beside the previous range of the same length, grouped by day, week or month
 * by the range's length; figures are compared as a change in percent.
 */
export type Bucket = 'day' | 'week' | 'month'

const DAY_MS = 86_400_000
const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`)
const fromDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Days in [start, end], both included. */
export const daysIn = (start: string, end: string) => Math.round((toDay(end) - toDay(start)) / DAY_MS) + 1

/** The range just before [start, end], of the same number of days. */
export function previousRange(start: string, end: string) {
  const days = daysIn(start, end)
  return { start: fromDay(toDay(start) - days * DAY_MS), end: fromDay(toDay(start) - DAY_MS) }
}

/** Day buckets up to a month, weeks up to half a year, months beyond. */
export function bucketFor(start: string, end: string): Bucket {
  const days = daysIn(start, end)
  return days <= 31 ? 'day' : days <= 183 ? 'week' : 'month'
}

/**
 * [start, end] as the whole calendar months inside it (their first days, `from` to `to`; null when
 * none) and the days left over at either end, so that a long range is read from monthly rows and
 * at most two partial months of daily rows.
 */
export function monthSplit(start: string, end: string) {
  const firstOfMonth = (iso: string) => `${iso.slice(0, 8)}01`
  const nextMonth = (iso: string) => {
    const [y, m] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7))]
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
  }
  const from = start.endsWith('-01') ? start : nextMonth(start)
  const endNext = fromDay(toDay(end) + DAY_MS)
  const after = endNext.endsWith('-01') ? endNext : firstOfMonth(end) // first day after the last whole month
  if (from >= after) return { months: null, days: [{ start, end }] }
  const days: { start: string; end: string }[] = []
  if (start < from) days.push({ start, end: fromDay(toDay(from) - DAY_MS) })
  if (after <= end) days.push({ start: after, end })
  const lastMonth = firstOfMonth(fromDay(toDay(after) - DAY_MS))
  return { months: { from, to: lastMonth }, days }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const short = (iso: string) =>
  `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`

/** "1 Nov 2026 – 30 Nov 2026". */
export const rangeLabel = (start: string, end: string) => `${short(start)} – ${short(end)}`

/** The change from `previous` to `current` in percent (one decimal); null when there was nothing before. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10
}

/** The policy status groups of the dashboard's charts (spec/03 section 4). */
export const STATUS_GROUPS = ['draft', 'requested', 'certificate_issued', 'cancelled', 'amended'] as const
export type StatusGroup = (typeof STATUS_GROUPS)[number]

/** Which group a policy status counts in (an amended policy counts as amended whatever its status). */
export const STATUS_GROUP_OF: Record<string, StatusGroup> = {
  PERSONAL_INFORMATION_ADDED: 'draft',
  PARTNER_DEPENDANTS_INFORMATION_ADDED: 'draft',
  OTHER_DETAILS_ADDED: 'draft',
  INITIATED: 'draft',
  PAYMENT_REJECTED: 'draft',
  PURCHASED: 'requested',
  PAYMENT_APPROVED: 'requested',
  PAYMENT_BY_BUY_NOW_PAY_LATER: 'requested',
  CERTIFICATE_UPLOADED: 'requested',
  CERTIFICATE_ISSUED: 'certificate_issued',
  FULL_REFUND_REQUESTED: 'certificate_issued',
  FULL_REFUND_REJECTED: 'certificate_issued',
  FULL_REFUND_APPROVED: 'cancelled',
  FULL_REFUND_INITIATED: 'certificate_issued',
  FULL_REFUND_COMPLETED: 'cancelled',
  CLAWBACK_INITIATED: 'certificate_issued',
  CLAWBACK_REQUESTED: 'certificate_issued',
  CLAWBACK_COMPLETED: 'certificate_issued',
  CLAWBACK_REJECTED: 'certificate_issued',
}

/** The finance metrics, each current, previous and change (spec/03 section 7). */
export const METRIC_KEYS = [
  'purchased_premium',
  'paid_commission',
  'banked_commission',
  'requested_commission',
  'paid_clawback',
  'pending_clawback',
  'refunded_premium',
] as const
export type MetricKey = (typeof METRIC_KEYS)[number]

export const DASHBOARD_TYPES = ['overview', 'policy', 'finance'] as const
