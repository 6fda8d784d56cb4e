import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionCourses } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { presentCourse } from './admission-presenter'
import { loadCourse } from './admission-scope'

/** PUT /oshc/your-admission/updateCourseLink/{id} (staff): the course's website_url. */
export const updateCourseLink = defineUseCase(
  { staff: true },
  async function updateCourseLink(opts: { actor: Actor; id: number; website_url: string }) {
    const { course } = await loadCourse(opts.id, null)
    const [row] = await getDb()
      .update(admissionCourses)
      .set({ website_url: opts.website_url })
      .where(eq(admissionCourses.id, course.id))
      .returning()
    return presentCourse(row)
  },
)
