import { getDb } from '../../db/client'
import type { WidgetActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { writeStudentPolicy } from '../policies/create-student-details'
import type { StudentDetailsInput } from '../policies/policies.schemas'
import { issuePurchaseSecret } from './purchase-secrets'

/**
 * POST /wordpress/createStudentDetails (a public client's token): the student and the priced
 * policy, as the portal's createStudentDetails with the same validation, for the client's agency
 * (an `agency_id` in the body is ignored), source WIDGET and the client recorded. 201 with
 * customerId, policyId, invoiceId and purchaseSecret: answered this once (only its hash is kept),
 * it is the buyer's proof on every later call about the policy (`x-purchase-secret`).
 */
export const createPublicStudentDetails = defineUseCase(
  { widget: true },
  async function createPublicStudentDetails(opts: { actor: WidgetActor; input: StudentDetailsInput }) {
    const { actor } = opts
    return getDb().transaction(async (tx) => {
      const created = await writeStudentPolicy(tx, {
        actor,
        input: opts.input,
        agencyId: actor.agencyId,
        publicClientId: actor.publicClientId,
      })
      return { ...created, purchaseSecret: await issuePurchaseSecret(tx, created.policyId) }
    })
  },
)
