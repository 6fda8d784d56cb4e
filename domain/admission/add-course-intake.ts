import type { z } from 'zod'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { CourseIntakeSchema } from './admission.schemas'
import { addCourseChild } from './course-children'

/** POST /oshc/your-admission/addCourseIntake (staff): adds a course's intake (month, year, application deadline); 404 for an unknown course. */
export const addCourseIntake = defineUseCase(
  { staff: true },
  async function addCourseIntake(opts: { actor: Actor; input: z.infer<typeof CourseIntakeSchema> }) {
    return addCourseChild('intake', opts.input)
  },
)
