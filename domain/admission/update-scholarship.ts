import type { z } from 'zod'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { ScholarshipSchema } from './admission.schemas'
import { updateCourseChild } from './course-children'

/** PUT /oshc/your-admission/updateScholarship/{id} (staff): replaces the fields of a course's scholarship row (its course stays). */
export const updateScholarship = defineUseCase(
  { staff: true },
  async function updateScholarship(opts: {
    actor: Actor
    id: number
    input: z.infer<typeof ScholarshipSchema>
  }) {
    return updateCourseChild('scholarship', opts.id, opts.input)
  },
)
