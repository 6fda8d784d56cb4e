import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope } from './admission-scope'
import { listCourseChildren } from './course-children'

/** GET /oshc/your-admission/getScholarshipsByCourseId/{id} (staff; linked agencies): a course's scholarship rows, oldest first. */
export const getScholarshipsByCourseId = defineUseCase(
  { staff: true, agency: true },
  async function getScholarshipsByCourseId(opts: { actor: Actor; courseId: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    return listCourseChildren('scholarship', opts.courseId, scope)
  },
)
