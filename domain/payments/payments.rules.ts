/**
 * Pure payment rules: method names, availability, card surcharge, currency conversion, payment
 * link timing and the NexPay signature format. Money is integer cents, rates numeric text.
 */
import type { PAYMENT_METHODS } from '../../db/schema/enums'
import { divRound, percentOf } from '../quotes/pricing.rules'

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
/** The keys of agency_payment_method_configs (the staff configuration screen's names). */
export type PaymentMethodKey = 'nexpay' | 'bank' | 'card' | 'agency_balance' | 'bnpl'

/** BUY_NOW_PAY_LATER is the other spelling of BNPL in some calls. */
export const PURCHASE_PAYMENT_TYPES = [
  'CARD',
  'BANK',
  'NEXPAY',
  'AGENCY_BALANCE',
  'BNPL',
  'BUY_NOW_PAY_LATER',
] as const

export function normalisePaymentType(t: (typeof PURCHASE_PAYMENT_TYPES)[number]): PaymentMethod {
  return t === 'BUY_NOW_PAY_LATER' ? 'BNPL' : t
}

export const METHOD_KEY: Record<PaymentMethod, PaymentMethodKey> = {
  CARD: 'card',
  BANK: 'bank',
  NEXPAY: 'nexpay',
  AGENCY_BALANCE: 'agency_balance',
  BNPL: 'bnpl',
}

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  CARD: 'Card',
  BANK: 'Bank transfer',
  NEXPAY: 'NexPay',
  AGENCY_BALANCE: 'Agency balance',
  BNPL: 'Buy now, pay later',
}

export type MethodConfig = { payment_method: PaymentMethodKey; is_payment_method_enabled: boolean }

/**
 * Which methods an agency may use for a provider. Reading of domain/agencies/configuration.ts and
 * its staff screen: the provider must be configured for the agency (an agency_configurations
 * row); a method is on unless its agency_payment_method_configs row turns it off (a missing row
 * shows as ticked on the staff screen); NexPay is always on (the screen forces it); BNPL also
 * needs the provider's is_buy_now_pay_later_enabled flag.
 */
export function enabledMethods(
  providerConfig: { is_buy_now_pay_later_enabled: boolean } | null,
  methodConfigs: readonly MethodConfig[],
): Record<PaymentMethod, boolean> {
  const on = (m: PaymentMethod) => {
    if (!providerConfig) return false
    if (m === 'NEXPAY') return true
    const row = methodConfigs.find((c) => c.payment_method === METHOD_KEY[m])
    return row ? row.is_payment_method_enabled : true
  }
  return {
    CARD: on('CARD'),
    BANK: on('BANK'),
    NEXPAY: on('NEXPAY'),
    AGENCY_BALANCE: on('AGENCY_BALANCE'),
    BNPL: on('BNPL') && !!providerConfig?.is_buy_now_pay_later_enabled,
  }
}

/** The card surcharge on a premium: card_surcharge_rate % when the agency has it enabled. */
export function cardSurcharge(premiumCents: number, enabled: boolean, rate: string) {
  const surcharge = enabled ? percentOf(premiumCents, rate) : 0
  return { surcharge, total: premiumCents + surcharge, rate: enabled ? rate : null }
}

/** "88.500000" -> millionths, without floats. */
export function rateMicros(rate: string): number {
  const m = /^(\d+)(?:\.(\d{1,6})\d*)?$/.exec(rate.trim())
  if (!m) throw new Error(`Not an exchange rate: ${rate}`)
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0'))
}

/** AUD cents -> cents of the other currency at `rate` (1 AUD = rate units), half-up. */
export function convertCents(audCents: number, rate: string): number {
  return divRound(audCents * rateMicros(rate), 1_000_000)
}

export const QUOTE_VALIDITY_MS = 15 * 60_000

/**
 * A receipt of `cents` AUD against `owed` for a premium quoted in another currency: its exchange
 * difference (received - owed, negative when short) when it is within `bps` basis points of what
 * is owed, else null (no difference, nothing owed, tolerance off, or too far to be an exchange
 * difference: it is then a short or over payment like any other).
 */
export function fxDifference(owed: number, cents: number, bps: number): number | null {
  const diff = cents - owed
  if (diff === 0 || owed <= 0 || bps <= 0) return null
  return Math.abs(diff) * 10_000 <= owed * bps ? diff : null
}

/** expires_in hours (decimals allowed) -> the expiry instant, to the millisecond. */
export function expiryFrom(now: Date, expiresInHours: number): Date {
  return new Date(now.getTime() + Math.round(expiresInHours * 3_600_000))
}

export const NEXPAY_TOLERANCE_SECONDS = 300

/** `t=<unix seconds>,v1=<hex>` -> its parts; null when malformed. */
export function parseSignatureHeader(header: string | null | undefined): { t: number; v1: string } | null {
  if (!header) return null
  let t: number | null = null
  let v1: string | null = null
  for (const part of header.split(',')) {
    const [k, ...rest] = part.trim().split('=')
    const v = rest.join('=')
    if (k === 't' && /^\d+$/.test(v)) t = Number(v)
    if (k === 'v1' && /^[0-9a-f]+$/i.test(v)) v1 = v.toLowerCase()
  }
  return t !== null && v1 ? { t, v1 } : null
}

/** NexPay statuses that mean the money arrived. */
export const isNexpayPaid = (status: unknown) =>
  typeof status === 'string' && ['PAID', 'COMPLETED'].includes(status.trim().toUpperCase())

export type PaymentLinkStatus = 'ACTIVE' | 'PAID' | 'EXPIRED'
