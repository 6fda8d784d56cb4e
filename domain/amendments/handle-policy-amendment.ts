import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { toCents } from '../shared/money'
import { validation } from '../shared/errors'
import type { HandlePolicyAmendmentInput } from './amendments.schemas'
import { openAmendment } from './amendment-opening'

/**
 * handlePolicyAmendment/{policyId} (staff 'policy_management'): staff open an amendment of a paid
 * policy with `amendment_premium` (AUD) as the new premium and, optionally, new details (customer
 * and policy both, with partner and family_members); without details only the premium changes.
 * Without amendment_premium the new details are repriced. Like every opening it waits for the
 * premium to be confirmed (CONFIRM_PREMIUM_BY_ADMIN, by updateAmmendmentPolicyById), so the answer's
 * `invoice_id` is null: the AMENDMENT invoice exists once a premium that rises is confirmed.
 */
export const handlePolicyAmendment = defineUseCase(
  { staff: ['policy_management'] },
  async function handlePolicyAmendment(opts: {
    actor: Actor
    policyId: number
    input: HandlePolicyAmendmentInput
  }) {
    const { input } = opts
    if (!!input.customer !== !!input.policy)
      throw validation(input.customer ? 'policy' : 'customer', 'customer and policy are sent together')
    if (!input.customer && input.amendment_premium === undefined)
      throw validation('amendment_premium', 'amendment_premium is required')
    const details =
      input.customer && input.policy
        ? {
            customer: input.customer,
            partner: input.partner,
            family_members: input.family_members,
            policy: input.policy,
          }
        : null
    return openAmendment({
      actor: opts.actor,
      policyId: opts.policyId,
      details,
      premium: input.amendment_premium === undefined ? null : toCents(input.amendment_premium),
      note: input.amendment_note,
    })
  },
)
