import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionUniversities } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { UniversityInput } from './admission.schemas'
import { assertCountry } from './admission-catalogue'
import { presentUniversity } from './admission-presenter'
import { loadUniversity } from './admission-scope'

/** PUT /oshc/your-admission/updateUniversity/{id} (staff): replaces the university's fields. */
export const updateUniversity = defineUseCase(
  { staff: true },
  async function updateUniversity(opts: { actor: Actor; id: number; input: UniversityInput }) {
    const current = await loadUniversity(opts.id, null)
    await assertCountry(opts.input.country_id)
    const [row] = await getDb()
      .update(admissionUniversities)
      .set(opts.input)
      .where(eq(admissionUniversities.id, current.id))
      .returning()
    return presentUniversity(row)
  },
)
