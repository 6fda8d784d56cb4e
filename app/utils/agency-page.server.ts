import { z } from 'zod'
import type { AgencyStatus } from '../../domain/agencies/agencies.rules'
import { updateAdminAgencyStatus } from '../../domain/agencies/onboarding/update-admin-agency-status'
import { DomainError } from '../../domain/shared/errors'
import type { StaffActor } from '../../domain/shared/actor'
import { idFromParam, submitForm } from './forms.server'
import { requireStaff } from './session.server'
import { redirectWithToast } from './toast.server'
import { agencyTabPath, type AgencyTab } from '../components/agency/agency-tabs'

/**
 * The guard every loader and action of the agency page calls itself (a parent layout does not
 * protect its children): a staff session with agency management, and the agency id of the URL.
 */
export async function requireAgencyPage(request: Request, params: { agencyId?: string }) {
  const actor = await requireStaff(request, 'agency_management')
  return { actor, agencyId: idFromParam(params.agencyId, 'Agency') }
}

/** Missing and foreign records render the 404 page. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND')
      throw new Response('Agency not found', { status: 404 })
    throw err
  }
}

/** Success: back to the tab with a toast. */
export function backToTab(agencyId: number, tab: AgencyTab, title: string) {
  return redirectWithToast(agencyTabPath(agencyId, tab), { type: 'success', title })
}

const PortalSchema = z.object({ intent: z.enum(['activate', 'deactivate']) })

/** Activate or deactivate the portal: offered on the overview and the agreement tabs. */
export async function changePortal(actor: StaffActor, agencyId: number, formData: FormData, tab: AgencyTab) {
  return submitForm(formData, PortalSchema, async ({ intent }) => {
    const activate = intent === 'activate'
    const status = activate ? 'PORTAL_ACTIVATED' : 'PORTAL_DEACTIVATED'
    await updateAdminAgencyStatus({ actor, agencyId, status })
    return backToTab(agencyId, tab, activate ? 'Portal activated' : 'Portal deactivated')
  })
}

/** What the agency is waiting for, from the staff's point of view. */
export function staffWaitingFor(a: { status: AgencyStatus; is_request_submitted: boolean }): string {
  switch (a.status) {
    case 'PENDING':
      return 'The agency has to verify its e-mail address (or accept its invitation).'
    case 'SIGN_UP_REQUEST_SENT':
      return 'The agency has to sign in with its temporary password and choose a new one.'
    case 'LOGIN_CRED_CHANGED':
    case 'COMPANY_DETAIL_STEP_ONE_DONE':
    case 'COMPANY_DETAIL_STEP_TWO_DONE':
      return 'The agency has to complete its company details.'
    case 'COMPANY_DETAIL_DONE':
      return a.is_request_submitted
        ? 'Waiting for staff: configure commissions and payment methods (Configuration tab).'
        : 'The agency has to submit its registration request.'
    case 'CONFIGURATION_DONE':
      return 'Waiting for staff: upload and send the agreement (Agreement tab).'
    case 'AGREEMENT_SENT':
      return 'The agency has to sign the agreement and upload the signed copy.'
    case 'AGREEMENT_SIGNED':
      return 'Waiting for staff: review the signed agreement and activate the portal.'
    case 'PORTAL_ACTIVATED':
      return 'The portal is active.'
    case 'PORTAL_DEACTIVATED':
      return 'The portal is deactivated; staff can activate it again.'
  }
}
