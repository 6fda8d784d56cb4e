import { describe, expect, it } from 'vitest'
import {
  bucketFor,
  changePercent,
  daysIn,
  monthSplit,
  previousRange,
  rangeLabel,
} from '../../domain/dashboard/dashboard.rules'

describe('dashboard periods', () => {
  it('compares a range with the one just before it, of the same length', () => {
    expect(daysIn('2026-10-01', '2026-10-31')).toBe(31)
    expect(previousRange('2026-10-01', '2026-10-31')).toEqual({ start: '2026-08-31', end: '2026-09-30' })
    expect(previousRange('2026-03-01', '2026-03-01')).toEqual({ start: '2026-02-28', end: '2026-02-28' })
    // 365 days back from 1 Jan 2025 crosses 29 Feb 2024.
    expect(previousRange('2025-01-01', '2025-12-31')).toEqual({ start: '2024-01-02', end: '2024-12-31' })
  })

  it('groups by day up to a month, by week up to half a year, by month beyond', () => {
    expect(bucketFor('2026-10-01', '2026-10-31')).toBe('day')
    expect(bucketFor('2026-10-01', '2026-11-01')).toBe('week')
    expect(bucketFor('2026-01-01', '2026-07-02')).toBe('week')
    expect(bucketFor('2026-01-01', '2026-07-03')).toBe('month')
  })

  it('says the change in percent, and nothing against an empty period', () => {
    expect(changePercent(150, 100)).toBe(50)
    expect(changePercent(50, 100)).toBe(-50)
    expect(changePercent(1, 3)).toBe(-66.7)
    expect(changePercent(0, 0)).toBe(0)
    expect(changePercent(10, 0)).toBeNull()
    expect(rangeLabel('2026-10-01', '2026-10-10')).toBe('1 Oct 2026 – 10 Oct 2026')
  })

  it('reads a long range as whole months and the days left at either end', () => {
    expect(monthSplit('2025-11-26', '2026-11-25')).toEqual({
      months: { from: '2025-12-01', to: '2026-10-01' },
      days: [
        { start: '2025-11-26', end: '2025-11-30' },
        { start: '2026-11-01', end: '2026-11-25' },
      ],
    })
    expect(monthSplit('2026-01-01', '2026-12-31')).toEqual({
      months: { from: '2026-01-01', to: '2026-12-01' },
      days: [],
    })
    // February of a leap year ends on the 29th; a whole month alone.
    expect(monthSplit('2028-02-01', '2028-02-29')).toEqual({
      months: { from: '2028-02-01', to: '2028-02-01' },
      days: [],
    })
    expect(monthSplit('2028-02-01', '2028-02-28').months).toBeNull()
    // No whole month inside: days only, even across a month's end.
    expect(monthSplit('2026-10-15', '2026-11-14')).toEqual({
      months: null,
      days: [{ start: '2026-10-15', end: '2026-11-14' }],
    })
    expect(monthSplit('2026-12-15', '2027-02-10')).toEqual({
      months: { from: '2027-01-01', to: '2027-01-01' },
      days: [
        { start: '2026-12-15', end: '2026-12-31' },
        { start: '2027-02-01', end: '2027-02-10' },
      ],
    })
  })
})
