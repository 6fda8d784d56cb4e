import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { agencies, cities, states } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { validation } from '../../shared/errors'
import type { UpdateAgencyAddressSchema } from '../agencies.schemas'
import { defineUseCase } from '../../shared/authorize'
import { runStep } from './company-step'

/** updateAgencyAddress: address and contact e-mails (step two). -> COMPANY_DETAIL_STEP_TWO_DONE. */
export const updateAgencyAddress = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function updateAgencyAddress(opts: {
    actor: Actor
    agencyId: number
    input: z.infer<typeof UpdateAgencyAddressSchema>
  }) {
    const { input } = opts
    const db = getDb()
    if (input.state_id) {
      const [s] = await db.select({ id: states.id }).from(states).where(eq(states.id, input.state_id))
      if (!s) throw validation('state_id', 'State not found')
    }
    if (input.city_id) {
      const [c] = await db
        .select({ id: cities.id, state_id: cities.state_id })
        .from(cities)
        .where(eq(cities.id, input.city_id))
      if (!c) throw validation('city_id', 'City not found')
      if (input.state_id && c.state_id !== input.state_id)
        throw validation('city_id', 'The city is not in the chosen state')
    }
    return runStep(opts.actor, opts.agencyId, 'address', async (tx) => {
      await tx.update(agencies).set(input).where(eq(agencies.id, opts.agencyId))
    })
  },
)
