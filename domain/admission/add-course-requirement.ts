import type { z } from 'zod'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { CourseRequirementSchema } from './admission.schemas'
import { addCourseChild } from './course-children'

/** POST /oshc/your-admission/addCourseRequirement (staff): adds a course's academic requirement (minimum grade, qualification level); 404 for an unknown course. */
export const addCourseRequirement = defineUseCase(
  { staff: true },
  async function addCourseRequirement(opts: {
    actor: Actor
    input: z.infer<typeof CourseRequirementSchema>
  }) {
    return addCourseChild('requirement', opts.input)
  },
)
