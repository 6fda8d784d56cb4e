import { desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { amendments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { fromCents } from '../shared/money'
import { loadPolicy } from '../policies/policy-loading'
import { canTransition } from '../policies/policies.rules'
import { currentDetails } from './amendment-data'
import { amendmentDetails, presentAmendment } from './amendment-presenter'

/**
 * The amendment screens of one policy (both sides): the policy, whether it may be amended now (paid,
 * no amendment open), its current details (the amendment form's defaults), the open amendment in
 * full and the earlier ones. Another agency's policy: 404.
 */
export const getAmendmentOverview = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getAmendmentOverview(opts: { actor: Actor; policyId: number }) {
    const policy = await loadPolicy(opts.actor, opts.policyId)
    const rows = await getDb()
      .select()
      .from(amendments)
      .where(eq(amendments.policy_id, policy.id))
      .orderBy(desc(amendments.id))
    const open = rows.find((a) => a.is_open)
    return {
      policy: {
        id: policy.id,
        ref: policy.ref,
        status: policy.status,
        agency_id: policy.agency_id,
        premium: fromCents(policy.premium ?? 0),
      },
      can_amend: !open && canTransition('initiateAmendment', policy.status),
      current: await currentDetails(getDb(), policy),
      open: open ? await amendmentDetails(open) : null,
      past: rows.filter((a) => !a.is_open).map((a) => presentAmendment(a)),
    }
  },
)
