import { isStaff, type Actor } from '../shared/actor'
import { forbidden } from '../shared/errors'

/** Reference data is changed by staff holding agency_management only. */
export function assertReferenceEditor(actor: Actor) {
  if (!isStaff(actor) || !actor.permissions.has('agency_management')) throw forbidden()
}

/** Escapes LIKE wildcards so a search for "50%" matches the text, not a pattern. */
export const escapeLike = (v: string) => v.replace(/[\\%_]/g, '\\$&')
