import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope } from './admission-scope'
import { listCourseChildren } from './course-children'

/** GET /oshc/your-admission/getCourseRequirementsByCourseId/{id} (staff; linked agencies): a course's requirement rows, oldest first. */
export const getCourseRequirementsByCourseId = defineUseCase(
  { staff: true, agency: true },
  async function getCourseRequirementsByCourseId(opts: { actor: Actor; courseId: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    return listCourseChildren('requirement', opts.courseId, scope)
  },
)
