import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { weeklyCertificates } from './weekly-series'

/**
 * GET /oshc/policy-management/getPolicyDataWithCertificateIssued?no_of_week= (staff with
 * `policy_management` or `finance`): certificates issued per week, every agency, beside the
 * period before.
 */
export const getPolicyDataWithCertificateIssued = defineUseCase(
  { staff: ['policy_management', 'finance'] },
  async function getPolicyDataWithCertificateIssued(opts: { actor: Actor; weeks: number }) {
    return weeklyCertificates(opts.weeks, null)
  },
)
