import { getDb } from '../../db/client'
import { admissionStudents } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { StudentInput } from './admission.schemas'
import { assertCountry } from './admission-catalogue'
import { presentStudent } from './admission-presenter'
import { assertAdmissionScope } from './admission-scope'

/**
 * POST /oshc/your-admission/createStudent (staff; agencies with an active link): a student owned
 * by the caller's agency (staff: by no agency).
 */
export const createStudent = defineUseCase(
  { staff: true, agency: true },
  async function createStudent(opts: { actor: Actor; input: StudentInput }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    await assertCountry(opts.input.country_id)
    const [row] = await getDb()
      .insert(admissionStudents)
      .values({ ...opts.input, agency_id: scope.agencyId, created_by: scope.identityId })
      .returning()
    return presentStudent(row)
  },
)
