import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionCourses } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { UpdateCourseInput } from './admission.schemas'
import { presentCourse } from './admission-presenter'
import { loadCourse } from './admission-scope'

/** PUT /oshc/your-admission/updateCourse/{id} (staff): any of the course's fields; omitted ones keep their value. */
export const updateCourse = defineUseCase(
  { staff: true },
  async function updateCourse(opts: { actor: Actor; id: number; input: UpdateCourseInput }) {
    const { course } = await loadCourse(opts.id, null)
    const fields = Object.fromEntries(Object.entries(opts.input).filter(([, v]) => v !== undefined))
    if (Object.keys(fields).length === 0) return presentCourse(course)
    const [row] = await getDb()
      .update(admissionCourses)
      .set(fields)
      .where(eq(admissionCourses.id, course.id))
      .returning()
    return presentCourse(row)
  },
)
