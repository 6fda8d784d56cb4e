export type DateInput = Date | string | number | null | undefined

/** Dates are shown in Sydney time so server and browser render identical markup (no hydration mismatch). */
export const APP_TIME_ZONE = 'Australia/Sydney'
export const APP_LOCALE = 'en-AU'

const dateFormatter = new Intl.DateTimeFormat(APP_LOCALE, { dateStyle: 'medium', timeZone: APP_TIME_ZONE })
const dateTimeFormatter = new Intl.DateTimeFormat(APP_LOCALE, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: APP_TIME_ZONE,
})

/** Parse a date-ish value; returns null for empty or invalid input. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** '2024-05-01' -> '1 May 2024'. Empty/invalid input -> '' (invalid strings are returned unchanged). */
export function formatDate(value: DateInput): string {
  const date = toDate(value)
  if (!date) return typeof value === 'string' ? value : ''
  return dateFormatter.format(date)
}

/** -> '1 May 2024, 10:00 am'. Empty/invalid input -> '' (invalid strings are returned unchanged). */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value)
  if (!date) return typeof value === 'string' ? value : ''
  return dateTimeFormatter.format(date)
}

/** ISO string for a <time dateTime> attribute, or undefined. */
export function toIsoString(value: DateInput): string | undefined {
  return toDate(value)?.toISOString()
}

const moneyFormatters = new Map<string, Intl.NumberFormat>()

/** 12.5 -> '$12.50' (AUD) or 'NPR 1,105.00'; null or undefined -> '—'. Amounts arrive as decimals. */
export function formatMoney(amount: number | null | undefined, currency = 'AUD'): string {
  if (amount === null || amount === undefined) return '—'
  let f = moneyFormatters.get(currency)
  if (!f)
    moneyFormatters.set(currency, (f = new Intl.NumberFormat(APP_LOCALE, { style: 'currency', currency })))
  return f.format(amount)
}

/** 'COMPANY_DETAIL_DONE' -> 'Company detail done'; 'companyDetail' -> 'Company detail'. */
export function humanize(value: string | null | undefined): string {
  if (!value) return ''
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** 'COMPANY_DETAIL_DONE' -> 'Company Detail Done'. */
export function titleCase(value: string | null | undefined): string {
  return humanize(value).replace(/\b([a-z])/g, (c) => c.toUpperCase())
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
