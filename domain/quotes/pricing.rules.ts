/**
 * Pricing of DESIGN.md section 5, in integer cents. Rates in percent arrive as the text of a
 * numeric column ("10.00") and are turned into basis points so that no float touches money.
 * Every rounding is half-up to the cent.
 */

/** "10.00" -> 1000 basis points. */
export function basisPoints(rate: string | number): number {
  const s = typeof rate === 'number' ? rate.toFixed(2) : rate.trim()
  const m = /^(\d+)(?:\.(\d{1,2})\d*)?$/.exec(s)
  if (!m) throw new Error(`Not a rate: ${rate}`)
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

/** round(numerator / denominator), half-up, for non-negative integers. */
export function divRound(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

const DAY_MS = 86_400_000

/** Days of cover, both ends included: endDate - startDate + 1. */
export function coverDays(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1
}

/** Premium = round(monthly_rate x 12 x days / 365). */
export function premiumFor(monthlyRateCents: number, days: number): number {
  return divRound(monthlyRateCents * 12 * days, 365)
}

/** premium_without_gst = round(premium / (1 + gst_rate/100)). */
export function withoutGst(premiumCents: number, gstRate: string | number): number {
  return divRound(premiumCents * 10_000, 10_000 + basisPoints(gstRate))
}

/** round(amount x rate / 100): commission on the amount without GST, or a card surcharge. */
export function percentOf(amountCents: number, rate: string | number): number {
  return divRound(amountCents * basisPoints(rate), 10_000)
}

/** The premium under an offer: round(premium x (1 - rate/100)). */
export function offerPremiumFor(premiumCents: number, offerRate: number): number {
  return divRound(premiumCents * (100 - offerRate), 100)
}

export type PriceInput = {
  monthlyRateCents: number
  startDate: string
  endDate: string
  gstRate: string
  commissionRate: string
  offerRate: number | null
}

export type Price = {
  days: number
  /** The full premium, before any offer. */
  premium: number
  /** What is paid: the offer premium when an offer applies, else the premium. */
  payable: number
  payableWithoutGst: number
  /** Commission on what is actually paid, without GST. */
  commission: number
  offerPremium: number | null
}

export function priceOf(input: PriceInput): Price {
  const days = coverDays(input.startDate, input.endDate)
  const premium = premiumFor(input.monthlyRateCents, days)
  const offerPremium = input.offerRate ? offerPremiumFor(premium, input.offerRate) : null
  const payable = offerPremium ?? premium
  const payableWithoutGst = withoutGst(payable, input.gstRate)
  return {
    days,
    premium,
    payable,
    payableWithoutGst,
    commission: percentOf(payableWithoutGst, input.commissionRate),
    offerPremium,
  }
}

export type RuleState = {
  should_buy_quantity: number
  has_bought_quantity: number
  credits: number
}

/** A rule still locks its can-buy pair until enough of the should-buy pair were bought. */
export const ruleLocks = (r: RuleState) => r.has_bought_quantity < r.should_buy_quantity

/** A locked pair can still be bought while the rule has credits (each one buys one policy). */
export const ruleBlocks = (r: RuleState) => ruleLocks(r) && r.credits <= 0

export function ruleInfo(r: RuleState & { should_buy_policy_type: string }, providerName: string): string {
  const left = r.should_buy_quantity - r.has_bought_quantity
  return `Buy ${left} more ${r.should_buy_policy_type} ${left === 1 ? 'policy' : 'policies'} from ${providerName} to unlock`
}
