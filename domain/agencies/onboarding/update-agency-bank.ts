import type { z } from 'zod'
import { agencyBankDetails } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import type { UpdateAgencyBankSchema } from '../agencies.schemas'
import { defineUseCase } from '../../shared/authorize'
import { runStep } from './company-step'

/** updateAgencyBank: bank details (last step). -> COMPANY_DETAIL_DONE. */
export const updateAgencyBank = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function updateAgencyBank(opts: {
    actor: Actor
    agencyId: number
    input: z.infer<typeof UpdateAgencyBankSchema>
  }) {
    return runStep(opts.actor, opts.agencyId, 'bank', async (tx) => {
      await tx
        .insert(agencyBankDetails)
        .values({ agency_id: opts.agencyId, ...opts.input })
        .onConflictDoUpdate({ target: agencyBankDetails.agency_id, set: opts.input })
    })
  },
)
