import { z } from 'zod'
import { businessDay, clock } from './clock'

export const NUL_MSG = 'must not contain the NUL character'

/**
 * The dotted name of the first string (value or key) holding NUL (0x00), or null. PostgreSQL text
 * cannot store NUL: the edges (the /api router, page forms) refuse such input before any use case.
 */
export function fieldWithNul(value: unknown, name = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? name || '_' : null
  if (!value || typeof value !== 'object') return null
  for (const [k, v] of Object.entries(value)) {
    const child = name ? `${name}.${k}` : k
    if (k.includes('\0')) return child
    const found = fieldWithNul(v, child)
    if (found) return found
  }
  return null
}

export const MIN_MSG = (n: number) => `must be at least ${n} characters`
export const MAX_MSG = (n: number) => `must be at most ${n} characters`

/** A trimmed text field of min..max characters with the spec's messages. */
export const text = (min: number, max: number, required = `must be at least ${min} characters`) =>
  z
    .string({ error: required })
    .trim()
    .min(min, min === 1 ? required : MIN_MSG(min))
    .max(max, MAX_MSG(max))

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MAX_MSG(max))
    .nullish()
    .transform((v) => (v ? v : null))

export const WEB_URL_MSG = 'must be an http:// or https:// address'

/** Whether `value` is an absolute http:// or https:// URL. */
export function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Whether a stored display value (a file key or a web address) names no other scheme: a key has
 * none, a web address is http(s); `javascript:`, `data:`, `vbscript:` and the like are refused.
 */
export const hasNoScriptScheme = (value: string | null | undefined) =>
  !value || !/^\s*[a-z][a-z\d+.-]*:/i.test(value) || isWebUrl(value.trim())

/**
 * A web address stored for display (a link, a logo, an image): an absolute http:// or https:// URL
 * only, never `javascript:` or `data:`, which a browser would run or render from our page. Not a
 * URL: `message`; another scheme: WEB_URL_MSG (both on the field).
 */
export const webUrl = (opts: { max?: number; message?: string } = {}) => {
  const { max = 2048, message = 'Invalid URL' } = opts
  return z.string({ error: message }).trim().max(max, MAX_MSG(max)).url(message).refine(isWebUrl, WEB_URL_MSG)
}

export const email = (max = 256) =>
  z
    .string({ error: 'Invalid email' })
    .trim()
    .toLowerCase()
    .min(2, MIN_MSG(2))
    .max(max, MAX_MSG(max))
    .email('Invalid email')

/** The largest PostgreSQL `integer`: ids (serial columns) never exceed it. */
export const MAX_ID = 2_147_483_647
export const ID_RANGE_MSG = `must be at most ${MAX_ID}`

/**
 * Numeric ids arriving as text (path and query) or numbers (JSON): whole numbers 1..MAX_ID. A
 * larger number names no record and would make PostgreSQL fail, so it is refused here.
 */
export const id = (message = 'Not a number') =>
  z.coerce
    .number({ error: message })
    .refine((n) => Number.isInteger(n) && n > 0, message)
    // Not `abort`: an aborted issue would skip the cross-field checks of the enclosing object.
    .refine((n) => !(Number.isInteger(n) && n > 0) || n <= MAX_ID, ID_RANGE_MSG)

/** `id()` built once for parseId (every page with an id in its address parses one). */
const anId = id()

/** The same rule for edges that parse by hand (route params, form fields): the id or null. */
export function parseId(value: unknown): number | null {
  const r = anId.safeParse(value)
  return r.success ? r.data : null
}

export const optionalId = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), id().optional())

/** Booleans from JSON or forms ('true' / 'on' / 'false'). */
export const bool = (message = 'must be true or false') =>
  z.preprocess(
    (v) => (v === 'true' || v === 'on' ? true : v === 'false' ? false : v),
    z.boolean({ error: message }),
  )

export const DATE_MSG = 'must be in the format of YYYY-MM-DD'
export const isoDate = () =>
  z
    .string({ error: DATE_MSG })
    // abort: a malformed date reports the message once, not again from the calendar check.
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_MSG, abort: true })
    .refine(
      (d) =>
        !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      DATE_MSG,
    )

/** A rate in percent with two decimals, kept as text for numeric columns. */
export const rate = (
  min: number,
  max: number,
  minMsg: string,
  maxMsg: string,
  exclusiveMin = false,
  exclusiveMax = false,
) =>
  z.coerce
    .number({ error: 'Not a number' })
    .refine((n) => (exclusiveMin ? n > min : n >= min), minMsg)
    .refine((n) => (exclusiveMax ? n < max : n <= max), maxMsg)
    .transform((n) => n.toFixed(2))

export const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',')),
    z.array(item),
  )

// ---- Business ranges ---------------------------------------------------------------------------
// Dates are compared as YYYY-MM-DD text. "Today" is the business day (Australia/Sydney; BUSINESS_TZ
// on the server) of the clock seam (domain/shared/clock.ts), so tests can pin it: at 14:30 UTC on
// 25 Nov it is 26 Nov in Sydney, and a date typed in Sydney is read against that day. In the
// browser the clock is the visitor's, the zone still Sydney's.

export const todayIso = () => businessDay(clock.now())

/** `iso` moved by whole months, the day clamped to the month's length (01-31 + 1 month -> 02-28). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number)
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate()
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10)
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** A well-formed date, then `rules` on it (pipe: a malformed date reports only its format). */
const checkedDate = (rules: (d: string, ctx: z.RefinementCtx) => void) =>
  isoDate().pipe(z.string().superRefine(rules))

export const EARLIEST_DOB = '1900-01-01'
export const DOB_FUTURE_MSG = 'Date of birth cannot be in the future'
export const DOB_MIN_MSG = 'Date of birth must be on or after 1900-01-01'

/** A date of birth: not after today, not before 1900. */
export const dateOfBirth = () =>
  checkedDate((d, ctx) => {
    if (d > todayIso()) ctx.addIssue({ code: 'custom', message: DOB_FUTURE_MSG })
    else if (d < EARLIEST_DOB) ctx.addIssue({ code: 'custom', message: DOB_MIN_MSG })
  })

/**
 * A date something was paid (top-up, transfer): today or within the last year. `label` names the
 * date in the messages ("Top-up date cannot be in the future").
 */
export const pastDateWithinYear = (label = 'Date') =>
  checkedDate((d, ctx) => {
    const today = todayIso()
    if (d > today) ctx.addIssue({ code: 'custom', message: `${label} cannot be in the future` })
    else if (d < addMonths(today, -12))
      ctx.addIssue({ code: 'custom', message: `${label} cannot be more than 1 year ago` })
  })

/** spec/01 section 5: reported on the end date; equal dates are one day of cover. */
export const END_BEFORE_START_MSG = 'End date must be greater than start date'
/** Longest cover: a student visa's length plus its grace months. */
export const POLICY_MAX_MONTHS = 63
/** How far ahead a policy may start. */
export const POLICY_START_AHEAD_MONTHS = 12
export const policyTooLongMsg = (lastEnd: string) =>
  `A policy can cover at most 5 years and 3 months (end date ${lastEnd} at the latest)`
export const startTooFarMsg = (latestStart: string) =>
  `Start date can be at most 12 months from today (${latestStart} at the latest)`

/**
 * The policy-date rules for an object refinement (both dates already well-formed): the start at
 * most 12 months ahead, the end not before the start, the cover at most 5 years and 3 months.
 * Used by quotes and policies alike, so a date refused on one is refused on the other.
 */
export function policyDates<S extends string, E extends string>(
  startKey: S,
  endKey: E,
  prefix: (string | number)[] = [],
) {
  return (value: Partial<Record<S | E, string | null>>, ctx: z.RefinementCtx) => {
    const start = value[startKey]
    const end = value[endKey]
    const issue = (key: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [...prefix, key], message })
    if (start) {
      const latestStart = addMonths(todayIso(), POLICY_START_AHEAD_MONTHS)
      if (start > latestStart) issue(startKey, startTooFarMsg(latestStart))
    }
    if (!start || !end) return
    const lastEnd = addDays(addMonths(start, POLICY_MAX_MONTHS), -1)
    if (end < start) issue(endKey, END_BEFORE_START_MSG)
    else if (end > lastEnd) issue(endKey, policyTooLongMsg(lastEnd))
  }
}

export const MAX_AMOUNT = 1_000_000
const MAX_AMOUNT_TEXT = '1,000,000.00'

/**
 * An amount of money (number or text): above 0, at most 1,000,000.00, at most two decimals. The
 * output is the decimal as a number; `label` names it in the messages.
 */
export const moneyAmount = (label = 'Amount') =>
  z.union([z.number(), z.string()], { error: `${label} must be greater than 0` }).transform((v, ctx) => {
    const t = typeof v === 'number' ? String(v) : v.trim()
    if (!/^\d+(\.\d+)?$/.test(t) || Number(t) <= 0) {
      ctx.addIssue({ code: 'custom', message: `${label} must be greater than 0` })
      return z.NEVER
    }
    if (!/^\d+(\.\d{1,2})?$/.test(t)) {
      ctx.addIssue({ code: 'custom', message: `${label} must have at most two decimals` })
      return z.NEVER
    }
    if (Number(t) > MAX_AMOUNT) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at most ${MAX_AMOUNT_TEXT}` })
      return z.NEVER
    }
    return Number(t)
  })

/**
 * A required text: missing, empty or only spaces answers `required` (the spec's "… is required"
 * message, once); otherwise min..max characters with the usual messages.
 */
export const requiredText = (min: number, max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .min(min, MIN_MSG(min))
    .max(max, MAX_MSG(max))
