import type { z } from 'zod'
import { agencyBankDetails } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import type { UpdateAgencyBankSchema } from '../agencies.schemas'
import { defineUseCase } from '../../shared/authorize'
import { assertAgencyAccess } from '../agency-access'
import { type presentAgency } from '../agency-presenter'
import { requestBankChange } from '../bank-details/request-bank-change'
import { isActivated } from '../bank-details/payout-details.rules'
import { runStep } from './company-step'

/**
 * updateAgencyBank: bank details. Before activation it is the last company step (saved at once,
 * -> COMPANY_DETAIL_DONE). After activation the payout details are money: the agency side needs
 * `finance` (403), and the change waits for staff verification (requestBankChange: PENDING, inbox
 * task, mail to the owner and finance addresses) while payouts keep the verified account. GST
 * registration needs an ABN passing the checksum (400 on `abn`, in the schema).
 */
export const updateAgencyBank = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function updateAgencyBank(opts: {
    actor: Actor
    agencyId: number
    input: z.infer<typeof UpdateAgencyBankSchema>
  }): Promise<ReturnType<typeof presentAgency> & { bank_change?: unknown }> {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    if (isActivated(agency)) return requestBankChange(opts)
    return runStep(opts.actor, opts.agencyId, 'bank', async (tx) => {
      await tx
        .insert(agencyBankDetails)
        .values({ agency_id: opts.agencyId, ...opts.input })
        .onConflictDoUpdate({ target: agencyBankDetails.agency_id, set: opts.input })
    })
  },
)
