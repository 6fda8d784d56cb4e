import { getDb } from '../../db/client'
import { paymentLinks } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { clock } from '../shared/clock'
import { config } from '../shared/config'
import { randomToken } from '../shared/crypto'
import { paymentLinkProcess } from './payment-link-process'
import type { CURRENCIES } from '../../db/schema/enums'
import { expiryFrom } from './payments.rules'
import {
  assertDeclarationsMade,
  assertMethodAvailable,
  assertPurchasable,
  assertPurchaser,
} from './purchase-guards'
import { identityOf } from './purchase-booking'
import { loadPolicyFor } from './purchase-loading'
import { paymentOptions } from './payment-options'
import { presentPaymentLink } from './payment-link-presenter'
import { defineUseCase } from '../shared/authorize'
import { notify } from '../notifications/notify'
import { formatCents, formatDateTime } from '../shared/format'
import { agencyLinks } from '../shared/links'

export const DEFAULT_LINK_HOURS = 72

/**
 * createPaymentLink (agency side with `purchase`): a public link /pay/<reference> through which
 * anyone holding it pays the policy's premium (plus the card surcharge when enabled) by card.
 * ACTIVE until paid or until it expires after `expiresInHours` (default 72); the expiry workflow
 * reminds the agency before and expires it on time. The agency (account and users) is notified in
 * the same transaction. 409 unless the policy can be bought now.
 */
export const createPaymentLink = defineUseCase(
  { agency: ['purchase'] },
  async function createPaymentLink(opts: {
    actor: Actor
    policyId: number
    currency: (typeof CURRENCIES)[number]
    expiresInHours?: number
  }) {
    const actor = assertPurchaser(opts.actor)
    const { policy, agency } = await loadPolicyFor(actor, opts.policyId)
    assertPurchasable(policy)
    await assertDeclarationsMade(getDb(), policy)
    const options = await paymentOptions(getDb(), policy, agency)
    assertMethodAvailable(options, 'CARD')
    const reference = randomToken(24)
    const expiresAt = expiryFrom(clock.now(), opts.expiresInHours ?? DEFAULT_LINK_HOURS)
    const link = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentLinks)
        .values({
          policy_id: policy.id,
          agency_id: agency.id,
          reference,
          status: 'ACTIVE',
          currency: opts.currency,
          amount: options.card.total,
          expires_at: expiresAt,
          url: new URL(`/pay/${reference}`, config().APP_URL).toString(),
          created_by: identityOf(actor),
        })
        .returning()
      await notify(
        tx,
        {
          eventType: 'PAYMENT_LINK_CREATED',
          title: `Payment link for ${policy.ref} created`,
          message: `A link to pay ${formatCents(row.amount)} for policy ${policy.ref} by card is ready to send to the student; it expires on ${formatDateTime(row.expires_at)}.`,
          link: agencyLinks.policy(policy.id),
          meta: { payment_link_id: row.id, policy_id: policy.id },
        },
        { agencyId: agency.id },
      )
      return row
    })
    await paymentLinkProcess().start({ id: link.id, expiresAt })
    return presentPaymentLink(link)
  },
)
