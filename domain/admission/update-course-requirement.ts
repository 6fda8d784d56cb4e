import type { z } from 'zod'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { CourseRequirementSchema } from './admission.schemas'
import { updateCourseChild } from './course-children'

/** PUT /oshc/your-admission/updateCourseRequirement/{id} (staff): replaces the fields of a course's requirement row (its course stays). */
export const updateCourseRequirement = defineUseCase(
  { staff: true },
  async function updateCourseRequirement(opts: {
    actor: Actor
    id: number
    input: z.infer<typeof CourseRequirementSchema>
  }) {
    return updateCourseChild('requirement', opts.id, opts.input)
  },
)
