import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionEnrollmentNotes } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadNote } from './admission-notes'
import { assertAdmissionScope } from './admission-scope'

/** PUT /oshc/your-admission/updateEnrollmentNote/{id} (its author only: 403 for anyone else who sees it). */
export const updateEnrollmentNote = defineUseCase(
  { staff: true, agency: true },
  async function updateEnrollmentNote(opts: { actor: Actor; id: number; input: { content: string } }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const note = await loadNote(opts.id, scope, true)
    const [row] = await getDb()
      .update(admissionEnrollmentNotes)
      .set({ content: opts.input.content })
      .where(eq(admissionEnrollmentNotes.id, note.id))
      .returning()
    return row
  },
)
