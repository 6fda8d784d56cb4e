import { getDb } from '../../db/client'
import { admissionUniversities } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { UniversityInput } from './admission.schemas'
import { assertCountry } from './admission-catalogue'
import { presentUniversity } from './admission-presenter'

/** POST /oshc/your-admission/addUniversity (staff): a university of the catalogue (400 for an unknown country). */
export const addUniversity = defineUseCase(
  { staff: true },
  async function addUniversity(opts: { actor: Actor; input: UniversityInput }) {
    await assertCountry(opts.input.country_id)
    const [row] = await getDb().insert(admissionUniversities).values(opts.input).returning()
    return presentUniversity(row)
  },
)
