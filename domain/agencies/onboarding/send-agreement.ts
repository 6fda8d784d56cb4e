import { actorLabel, type Actor } from '../../shared/actor'
import { onboardingProcess } from '../onboarding-workflow/onboarding-process'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'
import { getAgencyDocument } from './get-agency-document'

/** sendUnsignedAgencyAgreementDocumentToAgency (staff): the onboarding workflow's agreementSent decision. */
export const sendAgreement = defineUseCase(
  { staff: ['agency_management'] },
  async function sendAgreement(opts: { actor: Actor; agencyId: number }) {
    await assertAgencyAccess(opts.actor, opts.agencyId)
    await onboardingProcess().decide(opts.agencyId, 'agreementSent', actorLabel(opts.actor))
    return getAgencyDocument(opts)
  },
)
