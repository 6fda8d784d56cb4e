// "Today" of the validation rules is the business day in Sydney (issue 29, one clock): at 14:30 UTC
// on 25 Nov 2026 it is 01:30 on 26 Nov in Sydney, and a date typed there is read against the 26th.
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { businessDay, clock } from '../../domain/shared/clock'
import { dateOfBirth, pastDateWithinYear, todayIso } from '../../domain/shared/fields'
import { QuoteQuerySchema } from '../../domain/quotes/quotes.schemas'
import { TopUpRequestSchema } from '../../domain/finance/finance.schemas'

const realNow = clock.now
afterEach(() => {
  clock.now = realNow
})

/** 14:30 UTC on 25 Nov: 01:30 on 26 Nov in Sydney (AEDT, +11). */
const pin = () => {
  clock.now = () => new Date('2026-11-25T14:30:00Z')
}
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message)

describe('today in the business time zone', () => {
  it("is Sydney's date, not the server's UTC date", () => {
    pin()
    expect(clock.now().toISOString().slice(0, 10)).toBe('2026-11-25')
    expect(businessDay()).toBe('2026-11-26')
    expect(todayIso()).toBe('2026-11-26')
    // Winter (AEST, +10): the day turns at 14:00 UTC.
    expect(businessDay(new Date('2026-07-01T13:59:00Z'))).toBe('2026-07-01')
    expect(businessDay(new Date('2026-07-01T14:00:00Z'))).toBe('2026-07-02')
  })

  it("accepts Sydney's today as a date of birth and a payment date, and refuses the day after", () => {
    pin()
    expect(messages(dateOfBirth().safeParse('2026-11-26'))).toEqual([])
    expect(messages(dateOfBirth().safeParse('2026-11-27'))).toEqual(['Date of birth cannot be in the future'])
    const paid = pastDateWithinYear('Top-up date')
    expect(messages(paid.safeParse('2026-11-26'))).toEqual([])
    expect(messages(paid.safeParse('2026-11-27'))).toEqual(['Top-up date cannot be in the future'])
    expect(messages(paid.safeParse('2025-11-26'))).toEqual([])
    expect(messages(paid.safeParse('2025-11-25'))).toEqual(['Top-up date cannot be more than 1 year ago'])
    const topup = TopUpRequestSchema.safeParse({
      payment_method: 'AGENCY_BALANCE',
      amount: '100',
      topup_date: '2026-11-26',
    })
    expect(topup.error?.issues.filter((i) => i.path[0] === 'topup_date') ?? []).toEqual([])
  })

  it('counts the 12 months a policy may start ahead from Sydney’s today', () => {
    pin()
    const quote = (startDate: string) =>
      messages(QuoteQuerySchema.safeParse({ policyType: 'SINGLE', startDate, endDate: '2028-06-30' }))
    expect(quote('2027-11-26')).toEqual([])
    expect(quote('2027-11-27')).toEqual([
      'Start date can be at most 12 months from today (2027-11-26 at the latest)',
    ])
  })

  it('keeps the clock free of the configuration (page schemas run in the browser)', () => {
    const source = readFileSync(new URL('../../domain/shared/clock.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/^import /m)
  })
})
