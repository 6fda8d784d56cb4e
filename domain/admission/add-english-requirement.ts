import type { z } from 'zod'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { EnglishRequirementSchema } from './admission.schemas'
import { addCourseChild } from './course-children'

/** POST /oshc/your-admission/addEnglishRequirement (staff): adds a course's English requirement (test type and band scores within its scale); 404 for an unknown course. */
export const addEnglishRequirement = defineUseCase(
  { staff: true },
  async function addEnglishRequirement(opts: {
    actor: Actor
    input: z.infer<typeof EnglishRequirementSchema>
  }) {
    return addCourseChild('english', opts.input)
  },
)
