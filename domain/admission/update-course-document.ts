import type { z } from 'zod'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { CourseDocumentSchema } from './admission.schemas'
import { updateCourseChild } from './course-children'

/** PUT /oshc/your-admission/updateCourseDocument/{id} (staff): replaces the fields of a course's document row (its course stays). */
export const updateCourseDocument = defineUseCase(
  { staff: true },
  async function updateCourseDocument(opts: {
    actor: Actor
    id: number
    input: z.infer<typeof CourseDocumentSchema>
  }) {
    return updateCourseChild('document', opts.id, opts.input)
  },
)
