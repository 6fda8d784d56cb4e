import type { LoaderFunctionArgs } from '@remix-run/node'
import { throwAsResponse } from '../../utils/forms.server'
import { policyExportResponse } from '../../utils/policy-list.server'
import { requireAgency } from '../../utils/session.server'

/** GET /agency/policies/export: the filtered list of the agency's policies as CSV or XLSX. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  return policyExportResponse(request, actor, actor.agencyId).catch(throwAsResponse)
}
