import { isStaff, type Actor } from '../shared/actor'
import { conflict, forbidden } from '../shared/errors'

/** Reference data is changed by staff holding agency_management only. */
export function assertReferenceEditor(actor: Actor) {
  if (!isStaff(actor) || !actor.permissions.has('agency_management')) throw forbidden()
}

/** PostgreSQL unique violation, whether or not the driver error is wrapped by drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if ('code' in e && (e as { code: unknown }).code === '23505') return true
    e = 'cause' in e ? (e as { cause: unknown }).cause : undefined
  }
  return false
}

/** Rethrows a unique violation (a concurrent duplicate) as a 409 with `message`. */
export const conflictOnDuplicate =
  (message: string) =>
  (err: unknown): never => {
    if (isUniqueViolation(err)) throw conflict(message)
    throw err
  }

/** Escapes LIKE wildcards so a search for "50%" matches the text, not a pattern. */
export const escapeLike = (v: string) => v.replace(/[\\%_]/g, '\\$&')
