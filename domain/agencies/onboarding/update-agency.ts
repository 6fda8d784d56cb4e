import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { agencies, countries } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { recordAgencyHistory } from '../agency-history'
import { isActivated } from '../bank-details/payout-details.rules'
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
      const [before] = await tx.select().from(agencies).where(eq(agencies.id, opts.agencyId))
      await tx.update(agencies).set(opts.input).where(eq(agencies.id, opts.agencyId))
      // A rename after activation is shown to staff with the previous name (payouts and
      // invoices carry the name; a quiet rename of an active agency is worth a look).
      const name = opts.input.full_company_name
      if (isActivated(before) && name !== undefined && name !== before.full_company_name)
        await recordAgencyHistory(tx, {
          agencyId: opts.agencyId,
          action: 'AGENCY_RENAMED',
          actor: actorLabel(opts.actor),
          note: `Renamed from "${before.full_company_name ?? ''}" to "${name}"`,
          meta: { previous_name: before.full_company_name, name },
        })
    })
  },
)
