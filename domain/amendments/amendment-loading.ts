// Loading amendments with the tenant check, the state the workflow sees, and the people who decide.
import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { amendments } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import type { AmendmentData } from './amendment-data'
import { phaseOf, type AmendmentDecider, type AmendmentState } from './amendments.rules'
import { agencyLinks, staffLinks } from '../shared/links'

export type AmendmentRow = typeof amendments.$inferSelect

/** An amendment the actor may see: another agency's is "not found" (tenant isolation). */
export async function loadAmendment(actor: Actor, amendmentId: number, tx: DbOrTx = getDb()) {
  const [a] = await tx.select().from(amendments).where(eq(amendments.id, amendmentId))
  if (!a) throw notFound('Amendment')
  if (isAgencySide(actor) && actor.agencyId !== a.agency_id) throw notFound('Amendment')
  if (!isAgencySide(actor) && actor.kind !== 'Oshc') throw notFound('Amendment')
  return a
}

export const amendmentStateOf = (a: AmendmentRow): AmendmentState => ({
  amendmentId: a.id,
  policyId: a.policy_id,
  agencyId: a.agency_id,
  phase: phaseOf(a),
  status: a.status,
  nextStep: a.next_step,
  newPremium: a.new_premium,
  payableAmount: a.payable_amount,
  payer: a.payer,
  prevPremium: a.prev_premium,
  // Without new details nothing is repriced: the policy's own premium stands.
  repricedPremium: (a.data as AmendmentData | null)?.priced?.premium ?? a.prev_premium,
  staffMade: a.initiated_oshc_user_id !== null,
  makers: [a.initiated_oshc_user_id !== null ? a.created_by : null, a.premium_set_by].filter(
    (id): id is number => typeof id === 'number',
  ),
})

/** The person deciding, as carried through the workflow. */
export function deciderOf(actor: Actor): AmendmentDecider {
  if (actor.kind === 'Oshc')
    return {
      kind: 'Oshc',
      identityId: actor.identityId,
      userId: actor.userId,
      agencyId: null,
      email: actor.email,
      permissions: [...actor.permissions],
    }
  if (isAgencySide(actor))
    return {
      kind: actor.kind,
      identityId: actor.identityId,
      userId: actor.kind === 'agency_user' ? actor.userId : null,
      agencyId: actor.agencyId,
      email: actor.email,
      permissions: [...actor.permissions],
    }
  throw notFound('Amendment')
}

/** The actor a decision was made by, rebuilt in the activity (its access was checked at the edge). */
export function actorOf(d: AmendmentDecider): Actor {
  const permissions = new Set(d.permissions)
  if (d.kind === 'Oshc')
    return { kind: 'Oshc', identityId: d.identityId, userId: d.userId ?? 0, email: d.email, permissions }
  if (d.kind === 'Agency')
    return {
      kind: 'Agency',
      identityId: d.identityId,
      agencyId: d.agencyId ?? 0,
      email: d.email,
      permissions,
    }
  return {
    kind: 'agency_user',
    identityId: d.identityId,
    agencyId: d.agencyId ?? 0,
    userId: d.userId ?? 0,
    email: d.email,
    permissions,
  }
}

/** Links of an amendment on either side. */
export const agencyAmendmentPath = agencyLinks.policyAmendment
export const staffAmendmentPath = staffLinks.policyAmendment
