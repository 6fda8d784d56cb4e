import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { deleteCourseChild } from './course-children'

/** DELETE /oshc/your-admission/deleteCourseDocument/{id} (staff): removes a course's document row (enrolments keep their intake period). */
export const deleteCourseDocument = defineUseCase(
  { staff: true },
  async function deleteCourseDocument(opts: { actor: Actor; id: number }) {
    return deleteCourseChild('document', opts.id)
  },
)
