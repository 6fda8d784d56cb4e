import type { z } from 'zod'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { CourseDocumentSchema } from './admission.schemas'
import { addCourseChild } from './course-children'

/** POST /oshc/your-admission/addCourseDocument (staff): adds a course's document (name, url, category); 404 for an unknown course. */
export const addCourseDocument = defineUseCase(
  { staff: true },
  async function addCourseDocument(opts: { actor: Actor; input: z.infer<typeof CourseDocumentSchema> }) {
    return addCourseChild('document', opts.input)
  },
)
