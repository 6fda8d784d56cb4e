import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope } from './admission-scope'
import { listCourseChildren } from './course-children'

/** GET /oshc/your-admission/getCourseDocumentsByCourseId/{id} (staff; linked agencies): a course's document rows, oldest first. */
export const getCourseDocumentsByCourseId = defineUseCase(
  { staff: true, agency: true },
  async function getCourseDocumentsByCourseId(opts: { actor: Actor; courseId: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    return listCourseChildren('document', opts.courseId, scope)
  },
)
