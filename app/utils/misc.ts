/**
 * Dates and money as people read them across the product ('23 Nov 2026', '23 Nov 2026, 14:05',
 * 'A$1,234.56'): one implementation shared with mails (domain/shared/format.ts).
 */
export {
  APP_TIME_ZONE,
  formatAge,
  formatCents,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMoney,
  toDate,
  type DateInput,
} from '../../domain/shared/format'
import { toDate, type DateInput } from '../../domain/shared/format'

/** ISO string for a <time dateTime> attribute, or undefined. */
export function toIsoString(value: DateInput): string | undefined {
  return toDate(value)?.toISOString()
}

/** Best-effort human-readable message from an unknown thrown value. */
export function getErrorMessage(error: unknown): string {
  if (typeof error === 'string') return error
  if (
    error &&
    typeof error === 'object' &&
    'message' in error &&
    typeof (error as { message: unknown }).message === 'string'
  ) {
    return (error as { message: string }).message
  }
  return 'Unknown error'
}

/** `path` answering on `returnTo` after a decision (the inbox task view; answerPage checks it). */
export const withReturnTo = (path: string, returnTo?: string) =>
  returnTo ? `${path}?${new URLSearchParams({ return_to: returnTo })}` : path
