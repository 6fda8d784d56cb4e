import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope } from './admission-scope'
import { listCourseChildren } from './course-children'

/** GET /oshc/your-admission/getCourseIntakesByCourseId/{id} (staff; linked agencies): a course's intake rows, oldest first. */
export const getCourseIntakesByCourseId = defineUseCase(
  { staff: true, agency: true },
  async function getCourseIntakesByCourseId(opts: { actor: Actor; courseId: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    return listCourseChildren('intake', opts.courseId, scope)
  },
)
