import {
  AGENCY_PERMISSIONS,
  assertPermission,
  isAgencySide,
  isStaff,
  type Actor,
  type AgencyActor,
} from '../shared/actor'
import { conflict, forbidden, notFound } from '../shared/errors'

export const USER_MANAGEMENT = 'user_management'

/**
 * Which agency an agency-side read is about. An agency-side caller (any agency permission) reads only
 * its own agency: naming another agency is "not found". Staff with user_management may read an agency
 * they name explicitly.
 */
export function agencyReadScope(actor: Actor, agencyId?: number): number {
  if (isAgencySide(actor)) {
    assertPermission(actor, ...AGENCY_PERMISSIONS)
    if (agencyId !== undefined && agencyId !== actor.agencyId) throw notFound('Agency')
    return actor.agencyId
  }
  if (isStaff(actor) && agencyId !== undefined) {
    assertPermission(actor, USER_MANAGEMENT)
    return agencyId
  }
  throw forbidden()
}

/** An agency-side write about `agencyId` must be about the caller's own agency. */
export function assertOwnAgency(actor: AgencyActor, agencyId: number) {
  if (actor.agencyId !== agencyId) throw notFound('Agency')
}

/** Nobody disables their own account (they would lock themselves out mid-session). */
export function assertNotSelfDisable(actorUserId: number | undefined, userId: number, status: string) {
  if (status === 'DISABLED' && actorUserId === userId) throw conflict('You cannot disable your own account')
}

/**
 * Staff must not strip user management from themselves (no one could then undo it): their own role
 * keeps user_management, and they cannot move themselves to a role without it.
 */
export function assertKeepsUserManagement(permissionNames: readonly string[], message: string) {
  if (!permissionNames.includes(USER_MANAGEMENT)) throw conflict(message)
}
