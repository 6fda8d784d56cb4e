import type { LoaderFunctionArgs } from '@remix-run/node'
import { throwAsResponse } from '../../utils/forms.server'
import { policyExportResponse } from '../../utils/policy-list.server'
import { requireStaff } from '../../utils/session.server'

/** GET /staff/policies/export: the filtered list of every agency's policies as CSV or XLSX. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request)
  return policyExportResponse(request, actor, null).catch(throwAsResponse)
}
