import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope } from './admission-scope'
import { listCourseChildren } from './course-children'

/** GET /oshc/your-admission/getEnglishRequirementsByCourseId/{id} (staff; linked agencies): a course's english rows, oldest first. */
export const getEnglishRequirementsByCourseId = defineUseCase(
  { staff: true, agency: true },
  async function getEnglishRequirementsByCourseId(opts: { actor: Actor; courseId: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    return listCourseChildren('english', opts.courseId, scope)
  },
)
