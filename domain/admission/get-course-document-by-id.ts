import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope } from './admission-scope'
import { getCourseChild } from './course-children'

/** GET /oshc/your-admission/getCourseDocumentById/{id} (staff; linked agencies): one document row of a course. */
export const getCourseDocumentById = defineUseCase(
  { staff: true, agency: true },
  async function getCourseDocumentById(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    return getCourseChild('document', opts.id, scope)
  },
)
