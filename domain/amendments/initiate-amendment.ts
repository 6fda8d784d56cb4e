import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { UpdateStudentDetailsInput } from '../policies/policies.schemas'
import { openAmendment } from './amendment-opening'

/**
 * initiateAmendment (agency 'quote' on its own paid policies; staff 'policy_management'): the new
 * student, family and cover of a paid policy (the updateStudentDetails shape) are kept apart in an
 * amendment (INITIATED, next step CONFIRM_PREMIUM_BY_ADMIN) and repriced; the policy keeps its
 * details until the new certificate is uploaded. Answers old and new price and amendment_id.
 * 409: policy not paid, an amendment already open, nothing changes; another agency's policy: 404.
 */
export const initiateAmendment = defineUseCase(
  { staff: ['policy_management'], agency: ['quote'] },
  async function initiateAmendment(opts: { actor: Actor; input: UpdateStudentDetailsInput }) {
    const { input } = opts
    return openAmendment({
      actor: opts.actor,
      policyId: input.policy_id,
      details: {
        customer: input.customer,
        partner: input.partner,
        family_members: input.family_members,
        policy: input.policy,
      },
      note: input.amendment_note,
    })
  },
)
