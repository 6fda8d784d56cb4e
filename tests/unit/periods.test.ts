// Closed periods (issue 25, ADR 0019): months in Australia/Sydney, their words, and the journal's
// answer to the closed-month trigger (a 409 naming the month, anything else untouched).
import { describe, expect, it } from 'vitest'
import { closedMonthOf, rethrowClosedMonth } from '../../domain/finance/periods/closed-month-error'
import { ageingBucket } from '../../domain/finance/periods/month-pack-receivables'
import { MonthSchema } from '../../domain/finance/periods/periods.schemas'
import { monthLabel, sydneyMonth } from '../../domain/finance/periods/periods.rules'
import { DomainError } from '../../domain/shared/errors'
import { closePeriod } from '../../domain/finance/periods/close-period'
import { confirmPeriodReopen } from '../../domain/finance/periods/confirm-period-reopen'
import { proposePeriod } from '../../domain/finance/periods/propose-period'
import { requestPeriodReopen } from '../../domain/finance/periods/request-period-reopen'

describe('months in Australia/Sydney', () => {
  it('a month starts at Sydney midnight (summer time, UTC+11 in January; UTC+10 in July)', () => {
    expect(sydneyMonth(new Date('2019-01-31T12:59:59Z'))).toBe('2019-01')
    expect(sydneyMonth(new Date('2019-01-31T13:00:00Z'))).toBe('2019-02')
    expect(sydneyMonth(new Date('2019-07-31T13:59:59Z'))).toBe('2019-07')
    expect(sydneyMonth(new Date('2019-07-31T14:00:00Z'))).toBe('2019-08')
    expect(sydneyMonth(new Date('2019-12-31T13:00:00Z'))).toBe('2020-01')
  })

  it('names a month in words and accepts only YYYY-MM', () => {
    expect(monthLabel('2019-03')).toBe('March 2019')
    expect(MonthSchema.safeParse('2019-03').success).toBe(true)
    for (const bad of ['2019-13', '2019-3', '201903', '2019-00'])
      expect(MonthSchema.safeParse(bad).success).toBe(false)
  })
})

it('ages a receivable by days past due at the month end', () => {
  expect([0, 1, 30, 31, 60, 61, 90, 91].map(ageingBucket)).toEqual([
    'Current',
    '1-30 days',
    '1-30 days',
    '31-60 days',
    '31-60 days',
    '61-90 days',
    '61-90 days',
    'Over 90 days',
  ])
})

describe("the journal writer's answer to the closed-month trigger", () => {
  const pgError = (code: string, hint?: string) => Object.assign(new Error('db'), { code, hint })

  it('finds the month on the driver error or its cause', () => {
    expect(closedMonthOf(pgError('PC001', '2019-01'))).toBe('2019-01')
    expect(
      closedMonthOf(Object.assign(new Error('Failed query'), { cause: pgError('PC001', '2019-02') })),
    ).toBe('2019-02')
    expect(closedMonthOf(pgError('23505'))).toBeNull()
  })

  it('is a 409 naming the month; another error is rethrown as it is', () => {
    let caught: unknown
    try {
      rethrowClosedMonth(pgError('PC001', '2019-01'))
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(DomainError)
    expect(caught).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^January 2019 is closed/),
    })
    const other = pgError('23505')
    expect(() => rethrowClosedMonth(other)).toThrow(other)
  })
})

it('closing and confirming a reopening are money decisions (a fresh second factor); all four need finance', () => {
  expect(closePeriod.access).toEqual({ staff: ['finance'], stepUp: true })
  expect(confirmPeriodReopen.access).toEqual({ staff: ['finance'], stepUp: true })
  expect(proposePeriod.access).toEqual({ staff: ['finance'] })
  expect(requestPeriodReopen.access).toEqual({ staff: ['finance'] })
})
