import { describe, expect, it } from 'vitest'
import {
  basisPoints,
  coverDays,
  divRound,
  offerPremiumFor,
  percentOf,
  premiumFor,
  priceOf,
  ruleBlocks,
  ruleInfo,
  ruleLocks,
  withoutGst,
} from '../../domain/quotes/pricing.rules'

describe('basisPoints', () => {
  it.each([
    ['10.00', 1000],
    ['12.5', 1250],
    ['0.05', 5],
    ['100', 10_000],
    [7.5, 750],
    [' 1.50 ', 150],
  ])('%s -> %i', (rate, bp) => expect(basisPoints(rate)).toBe(bp))

  it('refuses text that is not a rate', () => {
    expect(() => basisPoints('abc')).toThrow('Not a rate')
    expect(() => basisPoints('-1')).toThrow('Not a rate')
  })
})

describe('divRound (half-up)', () => {
  it.each([
    [5, 2, 3], // 2.5 -> 3
    [7, 2, 4], // 3.5 -> 4
    [1, 3, 0], // 0.33 -> 0
    [2, 3, 1], // 0.67 -> 1
    [10, 5, 2], // exact
    [0, 7, 0],
  ])('%i / %i = %i', (n, d, q) => expect(divRound(n, d)).toBe(q))
})

describe('coverDays (both ends included)', () => {
  it.each([
    ['2027-02-01', '2027-02-01', 1],
    // Feb 2027 .. Jan 2028 has no 29 February: 365 days.
    ['2027-02-01', '2028-01-31', 365],
    // The whole leap year 2028: 366 days.
    ['2028-01-01', '2028-12-31', 366],
    ['2028-02-28', '2028-03-01', 3], // 28, 29, 1
    ['2027-02-28', '2027-03-01', 2], // 28, 1
    // Across the Australian and European DST changes: still whole days (UTC arithmetic).
    ['2027-03-27', '2027-04-05', 10],
  ])('%s..%s = %i days', (start, end, days) => expect(coverDays(start, end)).toBe(days))
})

describe('premiumFor = round(monthly x 12 x days / 365)', () => {
  it('nib SINGLE 52.10/month for a 365-day year is twelve months exactly', () => {
    // 5210 x 12 x 365 / 365 = 62520
    expect(premiumFor(5210, 365)).toBe(62520)
  })
  it('nib SINGLE 52.10/month for 2028-01-01..2028-12-31 (366 days)', () => {
    // 5210 x 12 x 366 = 22,882,320; / 365 = 62,691.29 -> 62691 cents
    expect(premiumFor(5210, 366)).toBe(62691)
  })
  it('one day of cover', () => {
    // 5210 x 12 / 365 = 171.29 -> 171
    expect(premiumFor(5210, 1)).toBe(171)
  })
  it('bupa FAMILY 176.00/month for 730 days', () => {
    // 17600 x 12 x 730 / 365 = 17600 x 24 = 422400
    expect(premiumFor(17_600, 730)).toBe(422_400)
  })
  it('rounds to the nearest cent, down and up: ahm SINGLE 48.75', () => {
    // 4875 x 12 x 100 = 5,850,000; / 365 = 16,027.40 -> 16027 (down)
    expect(premiumFor(4875, 100)).toBe(16_027)
    // 4875 x 12 x 113 = 6,610,500; / 365 = 18,110.96 -> 18111 (up)
    expect(premiumFor(4875, 113)).toBe(18_111)
  })
})

describe('withoutGst = round(premium / (1 + gst/100))', () => {
  it.each([
    [62520, '10.00', 56836], // 62520 / 1.1 = 56836.36
    [62691, '10.00', 56992], // 62691 / 1.1 = 56991.82
    [11000, '10.00', 10000], // exact
    [100, '0.00', 100], // no GST
    [62520, '12.50', 55573], // 62520 / 1.125 = 55573.33
    [1, '10.00', 1], // 0.909 -> 1
  ])('%i cents at %s%% -> %i', (premium, gst, net) => expect(withoutGst(premium, gst)).toBe(net))
})

describe('percentOf = round(amount x rate / 100)', () => {
  it.each([
    [56836, '10.00', 5684], // 5683.6 -> 5684
    [56836, '12.50', 7105], // 7104.5 -> 7105 (half-up)
    [10000, '1.50', 150], // card surcharge
    [56836, '0.00', 0], // staff quote: commission 0
    [333, 10, 33], // 33.3 -> 33
  ])('%i x %s%% -> %i', (amount, rate, out) => expect(percentOf(amount, rate)).toBe(out))
})

describe('offerPremiumFor = round(premium x (1 - rate/100))', () => {
  it.each([
    [62520, 10, 56268], // 62520 x 0.9 exact
    [62691, 15, 53287], // 53287.35 -> 53287
    [101, 50, 51], // 50.5 -> 51
    [62691, 1, 62064], // 62064.09 -> 62064
  ])('%i cents at %i%% off -> %i', (premium, rate, out) => expect(offerPremiumFor(premium, rate)).toBe(out))
})

describe('priceOf', () => {
  const base = {
    monthlyRateCents: 5210,
    startDate: '2028-01-01',
    endDate: '2028-12-31',
    gstRate: '10.00',
    commissionRate: '10.00',
  }

  it('without an offer: commission on the premium without GST', () => {
    // 366 days -> 62691; / 1.1 -> 56992; x 10% = 5699.2 -> 5699
    expect(priceOf({ ...base, offerRate: null })).toEqual({
      days: 366,
      premium: 62691,
      payable: 62691,
      payableWithoutGst: 56992,
      commission: 5699,
      offerPremium: null,
    })
  })

  it('under a 10% offer: what is paid drives GST and commission', () => {
    // 62691 x 0.9 = 56421.9 -> 56422; / 1.1 = 51292.73 -> 51293; x 10% = 5129.3 -> 5129
    expect(priceOf({ ...base, offerRate: 10 })).toEqual({
      days: 366,
      premium: 62691,
      payable: 56422,
      payableWithoutGst: 51293,
      commission: 5129,
      offerPremium: 56422,
    })
  })

  it('Bupa COUPLE 152.00 at 12.50% commission for 365 days', () => {
    // 15200 x 12 = 182400; / 1.1 = 165818.18 -> 165818; x 12.5% = 20727.25 -> 20727
    expect(
      priceOf({
        monthlyRateCents: 15_200,
        startDate: '2027-02-01',
        endDate: '2028-01-31',
        gstRate: '10.00',
        commissionRate: '12.50',
        offerRate: null,
      }),
    ).toMatchObject({ days: 365, premium: 182_400, payableWithoutGst: 165_818, commission: 20_727 })
  })

  it('a changed GST rate changes the amount without GST, not the premium', () => {
    // 62691 / 1.15 = 54513.91 -> 54514; x 10% = 5451.4 -> 5451
    expect(priceOf({ ...base, gstRate: '15.00', offerRate: null })).toMatchObject({
      premium: 62691,
      payableWithoutGst: 54514,
      commission: 5451,
    })
  })
})

describe('purchase rule helpers', () => {
  const rule = { should_buy_quantity: 3, has_bought_quantity: 0, credits: 0 }

  it('a rule locks its pair until enough of the should-buy pair were bought', () => {
    expect(ruleLocks(rule)).toBe(true)
    expect(ruleLocks({ ...rule, has_bought_quantity: 2 })).toBe(true)
    expect(ruleLocks({ ...rule, has_bought_quantity: 3 })).toBe(false)
    expect(ruleLocks({ ...rule, has_bought_quantity: 4 })).toBe(false)
  })

  it('a locked pair blocks only when no credit is left', () => {
    expect(ruleBlocks(rule)).toBe(true)
    expect(ruleBlocks({ ...rule, credits: 1 })).toBe(false)
    expect(ruleBlocks({ ...rule, has_bought_quantity: 3 })).toBe(false)
  })

  it('rule_info says how many more to buy, singular and plural', () => {
    expect(ruleInfo({ ...rule, should_buy_policy_type: 'SINGLE' }, 'nib')).toBe(
      'Buy 3 more SINGLE policies from nib to unlock',
    )
    expect(ruleInfo({ ...rule, has_bought_quantity: 2, should_buy_policy_type: 'COUPLE' }, 'Bupa')).toBe(
      'Buy 1 more COUPLE policy from Bupa to unlock',
    )
  })
})
