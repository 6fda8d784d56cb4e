import { z } from 'zod'

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

export const email = (max = 256) =>
  z
    .string({ error: 'Invalid email' })
    .trim()
    .toLowerCase()
    .min(2, MIN_MSG(2))
    .max(max, MAX_MSG(max))
    .email('Invalid email')

/** Numeric ids arriving as text (path and query) or numbers (JSON). */
export const id = (message = 'Not a number') =>
  z.coerce.number({ error: message }).refine((n) => Number.isInteger(n) && n > 0, message)

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
