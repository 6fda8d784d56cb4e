import type { z } from 'zod'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { decideBankChange, type RejectBankChangeSchema } from './bank-change-decision'

/** rejectAgencyBankChange (staff finance, not the requester): payouts keep the verified account. */
export const rejectAgencyBankChange = defineUseCase(
  { staff: ['finance'] },
  async function rejectAgencyBankChange(opts: {
    actor: StaffActor
    changeId: number
    input: z.infer<typeof RejectBankChangeSchema>
  }) {
    return decideBankChange(opts.actor, opts.changeId, 'REJECTED', opts.input.rejection_reason)
  },
)
