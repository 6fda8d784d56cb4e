import type { z } from 'zod'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { EnglishRequirementSchema } from './admission.schemas'
import { updateCourseChild } from './course-children'

/** PUT /oshc/your-admission/updateEnglishRequirement/{id} (staff): replaces the fields of a course's english row (its course stays). */
export const updateEnglishRequirement = defineUseCase(
  { staff: true },
  async function updateEnglishRequirement(opts: {
    actor: Actor
    id: number
    input: z.infer<typeof EnglishRequirementSchema>
  }) {
    return updateCourseChild('english', opts.id, opts.input)
  },
)
