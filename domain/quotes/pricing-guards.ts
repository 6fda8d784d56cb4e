import { isStaff, type Actor, type StaffActor } from '../shared/actor'
import { forbidden } from '../shared/errors'

/** Rate cards, GST, exchange rates, PDS and offers are managed by staff holding `finance`. */
export function assertPricingEditor(actor: Actor): asserts actor is StaffActor {
  if (!isStaff(actor) || !actor.permissions.has('finance')) throw forbidden()
}
