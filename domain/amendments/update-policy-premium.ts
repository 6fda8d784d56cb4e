import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { validation } from '../shared/errors'
import { toCents } from '../shared/money'
import { loadAmendment } from './amendment-loading'
import { decideAndPresent } from './amendment-presenter'

/**
 * updatePolicyPremium/{amendmentId} (agency 'quote' or 'purchase', its own amendments): with
 * allow_payment true the agency accepts the premium staff confirmed (`premium` in AUD must equal
 * it, else 409 with the confirmed amount); a rise then waits for its payment, a fall is credited to
 * the balance at once, and both move on to the certificate once settled. allow_payment false
 * withdraws: the amendment closes and the policy stays as it is. Only while the amendment waits
 * for the agency's confirmation (else 409). Another agency's amendment: 404.
 */
export const updatePolicyPremium = defineUseCase(
  { agency: ['quote', 'purchase'] },
  async function updatePolicyPremium(opts: {
    actor: Actor
    amendmentId: number
    premium?: number
    allowPayment: boolean
    note?: string | null
  }) {
    const a = await loadAmendment(opts.actor, opts.amendmentId)
    if (!opts.allowPayment)
      return decideAndPresent(opts.actor, a.id, { kind: 'withdraw', note: opts.note ?? null })
    if (opts.premium === undefined) throw validation('premium', 'premium is required')
    return decideAndPresent(opts.actor, a.id, {
      kind: 'acceptPremium',
      premium: toCents(opts.premium),
      note: opts.note ?? null,
    })
  },
)
