import type { z } from 'zod'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { CourseIntakeSchema } from './admission.schemas'
import { updateCourseChild } from './course-children'

/** PUT /oshc/your-admission/updateCourseIntake/{id} (staff): replaces the fields of a course's intake row (its course stays). */
export const updateCourseIntake = defineUseCase(
  { staff: true },
  async function updateCourseIntake(opts: {
    actor: Actor
    id: number
    input: z.infer<typeof CourseIntakeSchema>
  }) {
    return updateCourseChild('intake', opts.id, opts.input)
  },
)
