import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope } from './admission-scope'
import { getCourseChild } from './course-children'

/** GET /oshc/your-admission/getScholarshipById/{id} (staff; linked agencies): one scholarship row of a course. */
export const getScholarshipById = defineUseCase(
  { staff: true, agency: true },
  async function getScholarshipById(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    return getCourseChild('scholarship', opts.id, scope)
  },
)
