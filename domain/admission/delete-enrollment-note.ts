import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionEnrollmentNotes } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadNote } from './admission-notes'
import { assertAdmissionScope } from './admission-scope'

/** DELETE /oshc/your-admission/deleteEnrollmentNote/{id} (its author only: 403 for anyone else who sees it). */
export const deleteEnrollmentNote = defineUseCase(
  { staff: true, agency: true },
  async function deleteEnrollmentNote(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const note = await loadNote(opts.id, scope, true)
    await getDb().delete(admissionEnrollmentNotes).where(eq(admissionEnrollmentNotes.id, note.id))
    return { id: note.id }
  },
)
