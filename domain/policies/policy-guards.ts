import { getDb, type DbOrTx } from '../../db/client'
import { assertAgencyAccess } from '../agencies/agency-access'
import { assertPermission, isAgencySide, isStaff, type Actor } from '../shared/actor'
import { conflict, notFound, validation } from '../shared/errors'

/** Agency side: any agency permission reads policies (spec/02 section 6). */
export const POLICY_READ_AGENCY = ['quote', 'purchase', 'user_management', 'finance'] as const

/** Staff read policies with policy_management (or finance, whose screens link to them). */
export const POLICY_READ_STAFF = ['policy_management', 'finance'] as const

/** Customer and policy creation: agency 'quote' or staff 'policy_management'. */
export function assertPolicyWriter(actor: Actor) {
  if (isStaff(actor)) return assertPermission(actor, 'policy_management')
  if (isAgencySide(actor)) return assertPermission(actor, 'quote')
  throw notFound('Policy')
}

export function assertPolicyReader(actor: Actor) {
  if (isStaff(actor)) return assertPermission(actor, ...POLICY_READ_STAFF)
  if (isAgencySide(actor)) return assertPermission(actor, ...POLICY_READ_AGENCY)
  throw notFound('Policy')
}

/**
 * The agency a create call acts for: the caller's own (another id is a 404), or for staff the
 * agency_id of the body (required). The agency must be able to sell (portal active).
 */
export async function actingAgencyId(actor: Actor, agencyId: number | undefined, tx: DbOrTx = getDb()) {
  let id: number
  if (isAgencySide(actor)) id = agencyId ?? actor.agencyId
  else if (isStaff(actor)) {
    if (!agencyId) throw validation('agency_id', 'agency_id is required')
    id = agencyId
  } else throw notFound('Agency')
  const agency = await assertAgencyAccess(actor, id, tx)
  if (agency.status !== 'PORTAL_ACTIVATED') throw conflict('The agency portal is not active')
  return agency.id
}
