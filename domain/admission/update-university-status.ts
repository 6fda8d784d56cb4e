import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionUniversities } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { presentUniversity } from './admission-presenter'
import { loadUniversity } from './admission-scope'

/**
 * PUT /oshc/your-admission/updateUniversityStatus/{id}?status=AVAILABLE|NOT_AVAILABLE (staff): a
 * NOT_AVAILABLE university and its courses disappear from agencies' catalogue; enrolments stay.
 */
export const updateUniversityStatus = defineUseCase(
  { staff: true },
  async function updateUniversityStatus(opts: {
    actor: Actor
    id: number
    status: 'AVAILABLE' | 'NOT_AVAILABLE'
  }) {
    const current = await loadUniversity(opts.id, null)
    const [row] = await getDb()
      .update(admissionUniversities)
      .set({ status: opts.status })
      .where(eq(admissionUniversities.id, current.id))
      .returning()
    return presentUniversity(row)
  },
)
