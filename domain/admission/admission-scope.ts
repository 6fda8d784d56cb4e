// Who sees what in the admission area, and the loaders that answer NOT_FOUND for a record outside
// the caller's reach. Called only inside use cases that have checked their actor.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { clock } from '../shared/clock'
import { getDb, type DbOrTx } from '../../db/client'
import {
  admissionAgencyLinks,
  admissionCourses,
  admissionEnrollments,
  admissionStudents,
  admissionUniversities,
} from '../../db/schema'
import { setYourAdmissionFlag } from '../agencies/configuration/your-admission-flag'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { forbidden, notFound } from '../shared/errors'

/** Staff see everything (agencyId null); the agency side sees its own agency's students. */
export type AdmissionScope = {
  agencyId: number | null
  identityId: number
  kind: 'Oshc' | 'Agency' | 'agency_user'
}

export const NOT_LINKED_MSG = 'Your agency is not linked to the admission service'

/**
 * The caller's scope. With `activeLink`, an agency must hold an active link (the catalogue and new
 * students and enrolments); without it, an agency keeps reading its own history after unlinking.
 */
export async function assertAdmissionScope(
  actor: Actor,
  opts: { activeLink: boolean },
  tx: DbOrTx = getDb(),
): Promise<AdmissionScope> {
  if (isStaff(actor)) return { agencyId: null, identityId: actor.identityId, kind: 'Oshc' }
  if (!isAgencySide(actor)) throw forbidden()
  if (opts.activeLink) {
    const [link] = await tx
      .select({ is_active: admissionAgencyLinks.is_active })
      .from(admissionAgencyLinks)
      .where(eq(admissionAgencyLinks.agency_id, actor.agencyId))
    if (!link?.is_active) throw forbidden(NOT_LINKED_MSG)
  }
  return { agencyId: actor.agencyId, identityId: actor.identityId, kind: actor.kind }
}

/** A university that is not deleted; the agency side sees only AVAILABLE ones. */
export async function loadUniversity(id: number, scope: AdmissionScope | null, tx: DbOrTx = getDb()) {
  const [row] = await tx
    .select()
    .from(admissionUniversities)
    .where(and(eq(admissionUniversities.id, id), isNull(admissionUniversities.deleted_at)))
  if (!row || (scope?.agencyId != null && row.status !== 'AVAILABLE')) throw notFound('University')
  return row
}

/** A course that is not deleted, of a university the caller sees. */
export async function loadCourse(id: number, scope: AdmissionScope | null, tx: DbOrTx = getDb()) {
  const [row] = await tx
    .select({ course: admissionCourses, university: admissionUniversities })
    .from(admissionCourses)
    .innerJoin(admissionUniversities, eq(admissionUniversities.id, admissionCourses.university_id))
    .where(
      and(
        eq(admissionCourses.id, id),
        isNull(admissionCourses.deleted_at),
        isNull(admissionUniversities.deleted_at),
      ),
    )
  if (!row || (scope?.agencyId != null && row.university.status !== 'AVAILABLE')) throw notFound('Course')
  return row
}

/** Staff: any student; the agency side: its own (another agency's student is a 404). */
export function ownedBy(
  scope: AdmissionScope,
  column: typeof admissionStudents.agency_id | typeof admissionEnrollments.agency_id,
) {
  return scope.agencyId === null ? sql`true` : eq(column, scope.agencyId)
}

export async function loadStudent(id: number, scope: AdmissionScope, tx: DbOrTx = getDb(), lock = false) {
  const q = tx
    .select()
    .from(admissionStudents)
    .where(
      and(
        eq(admissionStudents.id, id),
        isNull(admissionStudents.deleted_at),
        ownedBy(scope, admissionStudents.agency_id),
      ),
    )
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw notFound('Student')
  return row
}

export async function loadEnrollment(id: number, scope: AdmissionScope, tx: DbOrTx = getDb(), lock = false) {
  const q = tx
    .select()
    .from(admissionEnrollments)
    .where(and(eq(admissionEnrollments.id, id), ownedBy(scope, admissionEnrollments.agency_id)))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw notFound('Enrolment')
  return row
}

/**
 * Keeps the agency's flag (spec/01 is_yourAdmission_active) and its link in step: staff switch
 * either (the link calls here, updateAgencyStatusForYourAdmission in domain/agencies).
 */
export async function setAgencyLink(
  tx: DbOrTx,
  agencyId: number,
  isActive: boolean,
  identityId: number | null,
) {
  if (!(await setYourAdmissionFlag(tx, agencyId, isActive))) throw notFound('Agency')
  return syncAdmissionLink(tx, agencyId, isActive, identityId)
}

/** The agency's admission link, created on first use, set active or not. */
export async function syncAdmissionLink(
  tx: DbOrTx,
  agencyId: number,
  isActive: boolean,
  identityId: number | null,
) {
  const [link] = await tx
    .insert(admissionAgencyLinks)
    .values({ agency_id: agencyId, is_active: isActive, created_by: identityId })
    .onConflictDoUpdate({
      target: admissionAgencyLinks.agency_id,
      set: { is_active: isActive, updated_at: clock.now() },
    })
    .returning()
  return link
}
