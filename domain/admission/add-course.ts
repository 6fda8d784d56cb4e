import { getDb } from '../../db/client'
import { admissionCourses } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { CourseInput } from './admission.schemas'
import { presentCourse } from './admission-presenter'
import { loadUniversity } from './admission-scope'

/** POST /oshc/your-admission/addCourse (staff): a course of a university; fee_amount in cents, duration in weeks. */
export const addCourse = defineUseCase(
  { staff: true },
  async function addCourse(opts: { actor: Actor; input: CourseInput }) {
    await loadUniversity(opts.input.university_id, null)
    const [row] = await getDb().insert(admissionCourses).values(opts.input).returning()
    return presentCourse(row)
  },
)
