// Commission cap compliance (issue 25, ADR 0020): the pure rule. A cap is a percentage of the base
// commission uses (the premium paid, without GST; DESIGN.md section 5), per product line, from an
// effective date (a purchase's business day, Australia/Sydney). Rates are the text of numeric(5,2)
// columns ("12.00"), compared in basis points so that no float decides.
import type { ProductLine } from '../../../db/schema/commission-caps'
import { basisPoints } from '../../quotes/pricing.rules'

/** One ACTIVE setting of a line: from `effective_from` on, at most `max_rate` (null: no cap). */
export type CapEntry = { product_line: ProductLine; max_rate: string | null; effective_from: string }
/** The cap that governs: its rate and the day it runs from. */
export type Cap = { rate: string; effective_from: string }

const bp = (rate: string | number) => basisPoints(rate)
/** 1200 -> "12.00". */
export const rateText = (points: number) =>
  `${Math.floor(points / 100)}.${String(points % 100).padStart(2, '0')}`

const ofLine = (entries: readonly CapEntry[], line: ProductLine) =>
  entries
    .filter((e) => e.product_line === line)
    .sort((a, b) => a.effective_from.localeCompare(b.effective_from))

/** The cap of `line` on `day` (YYYY-MM-DD): the setting with the latest effective date on or before it. */
export function capOn(entries: readonly CapEntry[], line: ProductLine, day: string): Cap | null {
  const inForce = ofLine(entries, line)
    .filter((e) => e.effective_from <= day)
    .pop()
  return inForce?.max_rate ? { rate: inForce.max_rate, effective_from: inForce.effective_from } : null
}

/**
 * The cap a rate set on `today` must keep: a configured rate is used on every day from now on, so
 * it must satisfy the cap in force today and every one already set to start later; the strictest
 * of them (the earliest on a tie). Null when none: the specification's 0-100 rules alone.
 */
export function configurationCap(entries: readonly CapEntry[], line: ProductLine, today: string): Cap | null {
  const caps = [capOn(entries, line, today)]
  for (const e of ofLine(entries, line))
    if (e.effective_from > today && e.max_rate)
      caps.push({ rate: e.max_rate, effective_from: e.effective_from })
  return caps
    .filter((c): c is Cap => c !== null)
    .reduce<Cap | null>((best, c) => (!best || bp(c.rate) < bp(best.rate) ? c : best), null)
}

/** The rate a sale under `cap` earns: the configured one, or the cap when it is lower. */
export function cappedRate(rate: string, cap: Cap | null): string {
  if (!cap || bp(rate) <= bp(cap.rate)) return rate
  return rateText(bp(cap.rate))
}

/** Whether a rate (an insurer's alone, or with a payment method's) goes over the cap. */
export const exceedsCap = (cap: Cap | null, ...rates: (string | number)[]) =>
  cap !== null && rates.reduce<number>((sum, r) => sum + bp(r), 0) > bp(cap.rate)

/** Rates added up ("10.00" + "2.50" -> "12.50"). */
export const rateSum = (...rates: (string | number)[]) =>
  rateText(rates.reduce<number>((sum, r) => sum + bp(r), 0))

/** By how much (percentage points, "0.50") `rate` is above the cap; "0.00" when not. */
export const excessOver = (cap: Cap, ...rates: (string | number)[]) =>
  rateText(Math.max(0, rates.reduce<number>((sum, r) => sum + bp(r), 0) - bp(cap.rate)))

/** Commission as a percentage of its base with two decimals ("12.00"), half-up; "0.00" without a base. */
export function percentOfBase(commissionCents: number, baseCents: number): string {
  if (baseCents <= 0) return '0.00'
  return rateText(Math.floor((2 * commissionCents * 10_000 + baseCents) / (2 * baseCents)))
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** 2026-07-01 -> "1 Jul 2026" (the house's date format; pure, so the rule stays server-free). */
export function dayLabel(day: string) {
  const [y, m, d] = day.split('-')
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`
}

const percent = (rate: string) => `${rateText(bp(rate))}%`

/** The words of a refusal: the field's rate and the cap it breaks, named. */
export const CAP_MESSAGES = {
  rate: (line: ProductLine, cap: Cap) =>
    `Commission rate must be at most ${percent(cap.rate)}: the ${line} commission cap from ${dayLabel(cap.effective_from)}`,
  rangeTop: (line: ProductLine, cap: Cap) =>
    `The range's highest rate must be at most ${percent(cap.rate)}: the ${line} commission cap from ${dayLabel(cap.effective_from)}`,
  withMethod: (line: ProductLine, cap: Cap, method: string, providerRate: string) =>
    `The ${method} payment method's commission rate and the insurer's ${percent(providerRate)} together must be at most ${percent(cap.rate)}: the ${line} commission cap from ${dayLabel(cap.effective_from)}`,
} as const
