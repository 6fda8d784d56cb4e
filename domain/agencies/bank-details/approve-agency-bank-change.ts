import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { decideBankChange } from './bank-change-decision'

/** approveAgencyBankChange (staff finance, not the requester): the pending details become the verified ones. */
export const approveAgencyBankChange = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approveAgencyBankChange(opts: { actor: StaffActor; changeId: number }) {
    return decideBankChange(opts.actor, opts.changeId, 'APPROVED', null)
  },
)
