/**
 * The one way the product writes dates and money for people: screens, mails and history notes.
 * Exports keep ISO dates and plain numbers instead.
 *
 * Built from numeric parts and a fixed month list rather than locale styles, so Node and every
 * browser print the same characters (locale data differs: en-AU writes "Sept" in recent ICU) and
 * server-rendered markup hydrates without a mismatch. Times are business time (Sydney).
 */
export const APP_TIME_ZONE = 'Australia/Sydney'

export type DateInput = Date | string | number | null | undefined

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

const zoned = new Intl.DateTimeFormat('en-AU', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
})

/** Parse a date-ish value; null for empty or invalid input. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

type Parts = { y: number; m: number; d: number; hh: number; mm: number }

function partsOf(value: DateInput): Parts | null {
  // A calendar date ('2026-11-23', a date column) is the same day everywhere: no time zone shift.
  const day = typeof value === 'string' ? DATE_ONLY.exec(value) : null
  if (day) return { y: Number(day[1]), m: Number(day[2]), d: Number(day[3]), hh: 0, mm: 0 }
  const date = toDate(value)
  if (!date) return null
  const p = Object.fromEntries(zoned.formatToParts(date).map((x) => [x.type, x.value]))
  return {
    y: Number(p.year),
    m: Number(p.month),
    d: Number(p.day),
    hh: Number(p.hour) % 24,
    mm: Number(p.minute),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** '2026-11-23' or a timestamp -> '23 Nov 2026'. Empty -> ''; unreadable text is returned as is. */
export function formatDate(value: DateInput): string {
  const p = partsOf(value)
  if (!p) return typeof value === 'string' ? value : ''
  return `${p.d} ${MONTHS[p.m - 1]} ${p.y}`
}

/** '2026-10-01' or a timestamp -> '1 Oct' (a chart's axis). Empty or unreadable -> ''. */
export function formatDayMonth(value: DateInput): string {
  const p = partsOf(value)
  return p ? `${p.d} ${MONTHS[p.m - 1]}` : ''
}

/** A timestamp -> '23 Nov 2026, 14:05' (Sydney time). Empty -> ''. */
export function formatDateTime(value: DateInput): string {
  const p = partsOf(value)
  if (!p) return typeof value === 'string' ? value : ''
  return `${p.d} ${MONTHS[p.m - 1]} ${p.y}, ${pad(p.hh)}:${pad(p.mm)}`
}

/** Currency symbols people read without doubt; other currencies show their code ('NPR 1,105.00'). */
const SYMBOLS: Record<string, string> = { AUD: 'A$', USD: 'US$' }

/**
 * A decimal amount -> 'A$1,234.56' ('-A$12.00' when negative, 'NPR 1,105.00' for other
 * currencies). null or undefined -> '—'.
 */
export function formatMoney(amount: number | string | null | undefined, currency = 'AUD'): string {
  if (amount === null || amount === undefined || amount === '') return '—'
  const n = Number(amount)
  if (!Number.isFinite(n)) return String(amount)
  const cents = Math.round(Math.abs(n) * 100)
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const sign = n < 0 && cents > 0 ? '-' : ''
  const symbol = SYMBOLS[currency] ?? `${currency} `
  return `${sign}${symbol}${whole}.${pad(cents % 100)}`
}

/** Integer cents -> 'A$1,234.56'. */
export const formatCents = (cents: number | null | undefined, currency = 'AUD') =>
  cents === null || cents === undefined ? '—' : formatMoney(cents / 100, currency)

/**
 * How long ago, for an inbox: '12 min', '5 h', '3 d'. Never negative (clocks of two machines may
 * disagree by a moment).
 */
export function formatAge(from: DateInput, now: Date): string {
  const start = toDate(from)
  if (!start) return '—'
  const minutes = Math.max(0, Math.floor((now.getTime() - start.getTime()) / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h`
  return `${Math.floor(hours / 24)} d`
}
