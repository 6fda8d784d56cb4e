import { getMyAdmissionAccess } from '../../domain/admission/get-my-admission-access'
import type { AgencyActor } from '../../domain/shared/actor'

/** Agency pages of the admission service: 403 unless the agency holds an active link. */
export async function requireAdmissionLink(actor: AgencyActor) {
  const access = await getMyAdmissionAccess({ actor })
  if (!access.is_active)
    throw new Response('Your agency is not linked to the admission service', { status: 403 })
}
