import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope } from './admission-scope'
import { getCourseChild } from './course-children'

/** GET /oshc/your-admission/getEnglishRequirementById/{id} (staff; linked agencies): one english row of a course. */
export const getEnglishRequirementById = defineUseCase(
  { staff: true, agency: true },
  async function getEnglishRequirementById(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    return getCourseChild('english', opts.id, scope)
  },
)
