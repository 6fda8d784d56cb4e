/** A source of the current time (activities take one as a dependency). */
export type Clock = { now: () => Date }

/** A seam for time so rules can be tested at fixed instants. */
export const clock: Clock = { now: () => new Date() }

export function isoDate(d: Date) {
  return d.toISOString().slice(0, 10)
}

/** The business time zone when nothing sets another: the insurer's office, in Sydney. */
export const DEFAULT_BUSINESS_TZ = 'Australia/Sydney'

// This module stays free of the configuration (page schemas run in the browser): the server's
// configuration hands BUSINESS_TZ in through setBusinessTimeZone when it is read; the browser keeps
// the default.
let businessTimeZone = DEFAULT_BUSINESS_TZ
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** Sets the zone businessDay reads by default (the server's BUSINESS_TZ). */
export function setBusinessTimeZone(timeZone: string) {
  businessTimeZone = timeZone
}

/**
 * The calendar date (YYYY-MM-DD) an instant falls on in the business time zone: "today" for every
 * rule that compares a date a person typed with today (a start date, a date of birth, a payment
 * date). At 14:30 UTC on 25 Nov it is already 26 Nov in Sydney, and that is the day people mean.
 */
export function businessDay(d: Date = clock.now(), timeZone: string = businessTimeZone): string {
  let f = dayFormats.get(timeZone)
  if (!f)
    dayFormats.set(
      timeZone,
      (f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    )
  const parts = f.formatToParts(d)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}
