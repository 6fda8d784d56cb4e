import { redirect } from '@remix-run/node'
import { pathByStatus, statusIndex, type AgencyStatus } from '../../domain/agencies/agencies.rules'
import { requireOnboardingAgency } from './session.server'

/**
 * Guard of a company-detail step: the agency must have reached `opensAt`; before that, and once
 * the request is submitted, it is sent where path_by_status says.
 */
export async function requireOnboardingStep(request: Request, opensAt: AgencyStatus) {
  const ctx = await requireOnboardingAgency(request)
  const { agency } = ctx
  if (ctx.mustChangePassword) throw redirect('/change-password')
  if (
    statusIndex(agency.status) < statusIndex(opensAt) ||
    agency.is_request_submitted ||
    statusIndex(agency.status) > statusIndex('COMPANY_DETAIL_DONE')
  ) {
    const target = pathByStatus(agency)
    if (new URL(request.url).pathname !== target.split('?')[0]) throw redirect(target)
  }
  return ctx
}
