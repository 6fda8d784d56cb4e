import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { agencies, countries } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { validation } from '../../shared/errors'
import type { UpdateAgencySchema } from '../agencies.schemas'
import { defineUseCase } from '../../shared/authorize'
import { runStep } from './company-step'

/** updateAgency: company details (step one). LOGIN_CRED_CHANGED -> COMPANY_DETAIL_STEP_ONE_DONE. */
export const updateAgency = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function updateAgency(opts: {
    actor: Actor
    agencyId: number
    input: z.infer<typeof UpdateAgencySchema>
  }) {
    const [country] = await getDb()
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.id, opts.input.country_id))
    if (!country) throw validation('country_id', 'country_id is required')
    return runStep(opts.actor, opts.agencyId, 'details', async (tx) => {
      await tx.update(agencies).set(opts.input).where(eq(agencies.id, opts.agencyId))
    })
  },
)
