// Commission cap compliance (issue 25, ADR 0020): the pure rule — which cap governs a purchase
// day, which one a rate set today must keep, the capped rate, and the words of a refusal.
import { describe, expect, it } from 'vitest'
import {
  CAP_MESSAGES,
  capOn,
  cappedRate,
  configurationCap,
  dayLabel,
  excessOver,
  exceedsCap,
  percentOfBase,
  rateSum,
  type CapEntry,
} from '../../domain/finance/commission-cap/commission-cap.rules'
import { confirmCommissionCap } from '../../domain/finance/commission-cap/confirm-commission-cap'
import { proposeCommissionCap } from '../../domain/finance/commission-cap/propose-commission-cap'
import { withdrawCommissionCap } from '../../domain/finance/commission-cap/withdraw-commission-cap'
import { findAgenciesAboveCap } from '../../domain/finance/commission-cap/find-agencies-above-cap'
import { getCommissionCaps } from '../../domain/finance/commission-cap/get-commission-caps'

const OSHC_12: CapEntry = { product_line: 'OSHC', max_rate: '12.00', effective_from: '2026-07-01' }

describe('the cap on a purchase day', () => {
  it('starts on its effective date, not the day before', () => {
    expect(capOn([OSHC_12], 'OSHC', '2026-06-30')).toBeNull()
    expect(capOn([OSHC_12], 'OSHC', '2026-07-01')).toEqual({ rate: '12.00', effective_from: '2026-07-01' })
    expect(capOn([OSHC_12], 'OVHC', '2026-07-01')).toBeNull()
  })

  it('is the setting with the latest effective date on or before the day; a null rate turns it off', () => {
    const timeline: CapEntry[] = [
      { product_line: 'OSHC', max_rate: null, effective_from: '2027-07-01' },
      OSHC_12,
      { product_line: 'OSHC', max_rate: '10.00', effective_from: '2027-01-01' },
    ]
    expect(capOn(timeline, 'OSHC', '2026-12-31')?.rate).toBe('12.00')
    expect(capOn(timeline, 'OSHC', '2027-01-01')?.rate).toBe('10.00')
    expect(capOn(timeline, 'OSHC', '2027-07-01')).toBeNull()
  })
})

describe('the cap a rate set today must keep', () => {
  it('is the strictest of the one in force and those set to start later; none without a setting', () => {
    expect(configurationCap([], 'OSHC', '2026-05-01')).toBeNull()
    expect(configurationCap([OSHC_12], 'OSHC', '2026-05-01')).toEqual({
      rate: '12.00',
      effective_from: '2026-07-01',
    })
    const later: CapEntry = { product_line: 'OSHC', max_rate: '15.00', effective_from: '2027-01-01' }
    expect(configurationCap([OSHC_12, later], 'OSHC', '2026-08-01')?.rate).toBe('12.00')
    expect(configurationCap([OSHC_12, later], 'OSHC', '2027-02-01')?.rate).toBe('15.00')
  })
})

describe('capping and comparing rates (basis points, no floats)', () => {
  const cap = { rate: '12.00', effective_from: '2026-07-01' }
  it('caps a higher rate and leaves a lower one', () => {
    expect(cappedRate('12.50', cap)).toBe('12.00')
    expect(cappedRate('10.00', cap)).toBe('10.00')
    expect(cappedRate('12.50', null)).toBe('12.50')
  })

  it('takes the insurer rate and a payment method rate together', () => {
    expect(exceedsCap(cap, '12.00')).toBe(false)
    expect(exceedsCap(cap, '12.01')).toBe(true)
    expect(exceedsCap(cap, '11.00', '1.00')).toBe(false)
    expect(exceedsCap(cap, '11.00', '1.01')).toBe(true)
    expect(exceedsCap(null, '99.00')).toBe(false)
    expect(excessOver(cap, '12.50')).toBe('0.50')
    expect(excessOver(cap, '11.00', '2.25')).toBe('1.25')
    expect(rateSum('10.00', '2.50')).toBe('12.50')
  })

  it('gives commission as a percentage of its base, half-up to two decimals', () => {
    expect(percentOfBase(1200, 10_000)).toBe('12.00')
    expect(percentOfBase(62_836, 502_691)).toBe('12.50')
    expect(percentOfBase(1, 0)).toBe('0.00')
  })

  it('names the cap in a refusal', () => {
    expect(dayLabel('2026-07-01')).toBe('1 Jul 2026')
    expect(CAP_MESSAGES.rate('OSHC', cap)).toBe(
      'Commission rate must be at most 12.00%: the OSHC commission cap from 1 Jul 2026',
    )
  })
})

it('the setting needs finance; confirming it is a money decision (a fresh second factor)', () => {
  expect(proposeCommissionCap.access).toEqual({ staff: ['finance'] })
  expect(confirmCommissionCap.access).toEqual({ staff: ['finance'], stepUp: true })
  expect(withdrawCommissionCap.access).toEqual({ staff: ['finance'] })
  expect(getCommissionCaps.access).toEqual({ staff: ['finance'] })
  expect(findAgenciesAboveCap.access).toEqual({ staff: ['finance'] })
})
