import type { z } from 'zod'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { ScholarshipSchema } from './admission.schemas'
import { addCourseChild } from './course-children'

/** POST /oshc/your-admission/addScholarship (staff): adds a course's scholarship (name, criteria, currency, duration, fee in cents); 404 for an unknown course. */
export const addScholarship = defineUseCase(
  { staff: true },
  async function addScholarship(opts: { actor: Actor; input: z.infer<typeof ScholarshipSchema> }) {
    return addCourseChild('scholarship', opts.input)
  },
)
