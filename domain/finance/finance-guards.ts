import { assertPermission, isAgencySide, isStaff, type Actor, type StaffActor } from '../shared/actor'
import { forbidden } from '../shared/errors'
import { MAKER_CHECKER_MSG } from './finance.rules'

/** Staff finance decisions: staff holding `finance`. */
export function assertFinanceStaff(actor: Actor): asserts actor is StaffActor {
  if (!isStaff(actor)) throw forbidden()
  assertPermission(actor, 'finance')
}

/** Finance reads: staff with finance, or the agency side with finance or purchase. */
export function assertFinanceReader(actor: Actor) {
  if (isStaff(actor)) return assertPermission(actor, 'finance')
  if (isAgencySide(actor)) return assertPermission(actor, 'finance', 'purchase')
  throw forbidden()
}

/**
 * Maker-checker (DESIGN.md section 3): whoever created or last changed a money record may not
 * approve it. Nobody is exempt, not even the Super Admin.
 */
export function assertNotMaker(
  identityId: number,
  record: { created_by?: number | null; updated_by?: number | null },
) {
  if (record.created_by === identityId || record.updated_by === identityId) throw forbidden(MAKER_CHECKER_MSG)
}
