import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope } from './admission-scope'
import { getCourseChild } from './course-children'

/** GET /oshc/your-admission/getCourseRequirementById/{id} (staff; linked agencies): one requirement row of a course. */
export const getCourseRequirementById = defineUseCase(
  { staff: true, agency: true },
  async function getCourseRequirementById(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    return getCourseChild('requirement', opts.id, scope)
  },
)
