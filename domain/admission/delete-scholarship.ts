import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { deleteCourseChild } from './course-children'

/** DELETE /oshc/your-admission/deleteScholarship/{id} (staff): removes a course's scholarship row (enrolments keep their intake period). */
export const deleteScholarship = defineUseCase(
  { staff: true },
  async function deleteScholarship(opts: { actor: Actor; id: number }) {
    return deleteCourseChild('scholarship', opts.id)
  },
)
