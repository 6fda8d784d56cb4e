import { actorLabel, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { createInvitedAgency } from './invitations'

/**
 * sendInvitation (staff): creates the agency as INVITATION (or REFERRAL) with a registration link
 * and starts its onboarding workflow. 409 when the e-mail is already known.
 */
export const inviteAgency = defineUseCase(
  { staff: ['agency_management'] },
  async function inviteAgency(opts: { actor: Actor; email: string; mainBranchEmail?: string }) {
    return createInvitedAgency({ ...opts, by: actorLabel(opts.actor) })
  },
)
