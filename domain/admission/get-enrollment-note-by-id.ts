import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadNote } from './admission-notes'
import { assertAdmissionScope } from './admission-scope'

/** GET /oshc/your-admission/getEnrollmentNoteById/{id} (staff; the owning agency). */
export const getEnrollmentNoteById = defineUseCase(
  { staff: true, agency: true },
  async function getEnrollmentNoteById(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    return loadNote(opts.id, scope, false)
  },
)
