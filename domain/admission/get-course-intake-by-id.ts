import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope } from './admission-scope'
import { getCourseChild } from './course-children'

/** GET /oshc/your-admission/getCourseIntakeById/{id} (staff; linked agencies): one intake row of a course. */
export const getCourseIntakeById = defineUseCase(
  { staff: true, agency: true },
  async function getCourseIntakeById(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    return getCourseChild('intake', opts.id, scope)
  },
)
