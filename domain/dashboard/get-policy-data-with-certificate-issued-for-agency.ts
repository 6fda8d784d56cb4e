import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAgencyAccess } from '../agencies/agency-access'
import { weeklyCertificates } from './weekly-series'

/**
 * GET /agencies/policy-management/getPolicyDataWithCertificateIssuedForAgency/{agency_id}?no_of_week=
 * (the agency side, its own agency; staff with `policy_management` or `finance`): the agency's
 * certificates issued per week beside the period before. Another agency's id is a 404.
 */
export const getPolicyDataWithCertificateIssuedForAgency = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: true },
  async function getPolicyDataWithCertificateIssuedForAgency(opts: {
    actor: Actor
    agencyId: number
    weeks: number
  }) {
    await assertAgencyAccess(opts.actor, opts.agencyId)
    return weeklyCertificates(opts.weeks, opts.agencyId)
  },
)
