import type { Actor } from '../../shared/actor'
import type { AgencyStatus } from '../agencies.rules'
import { defineUseCase } from '../../shared/authorize'
import { moveStatus } from './status-moves'

export const updateAgencyStatus = defineUseCase(
  { agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function updateAgencyStatus(opts: { actor: Actor; agencyId: number; status: AgencyStatus }) {
    return moveStatus(opts.actor, opts.agencyId, opts.status, 'STATUS_UPDATED')
  },
)
