import { isStaff, type Actor } from '../shared/actor'
import { forbidden } from '../shared/errors'

/** Reference data is changed by staff holding agency_management only. */
export function assertReferenceEditor(actor: Actor) {
  if (!isStaff(actor) || !actor.permissions.has('agency_management')) throw forbidden()
}
