import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policies } from '../../db/schema'
import { config } from '../shared/config'
import { conflict } from '../shared/errors'
import { currentGst } from '../quotes/price-policy'
import { SESSION_PLACEHOLDER } from '../card-payments/card-gateway'
import { openCardCheckout } from './create-card-checkout'
import { findPaymentLink } from './get-payment-link'

/**
 * "Pay by card" on a payment link's public page (anyone holding the reference): a card checkout
 * for the link's amount, returning to /pay/<reference>. 409 when the link is expired or paid, or
 * its policy can no longer be bought.
 */
export async function startPaymentLinkCheckout(opts: { reference: string }) {
  const r = await findPaymentLink(opts.reference)
  if (r.status === 'PAID') throw conflict('This payment link has already been paid')
  if (r.status === 'EXPIRED') throw conflict('This payment link has expired')
  if (!r.payable) throw conflict('This policy cannot be paid through this link any more')
  const [policy] = await getDb().select().from(policies).where(eq(policies.id, r.policy.id))
  const surcharge = r.link.amount - (policy.premium ?? 0)
  const page = new URL(`/pay/${r.link.reference}`, config().APP_URL).toString()
  return openCardCheckout({
    policy,
    amountCents: r.link.amount,
    surchargeCents: Math.max(0, surcharge),
    surchargeRate: surcharge > 0 ? (await currentGst()).card_surcharge_rate : null,
    successUrl: `${page}?session_id=${SESSION_PLACEHOLDER}`,
    cancelUrl: `${page}?checkout=cancel`,
    createdBy: null,
    paymentLinkId: r.link.id,
  })
}
