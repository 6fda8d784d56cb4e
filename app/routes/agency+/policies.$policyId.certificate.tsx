import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { downloadCertificate } from '../../../domain/policies/download-certificate'
import { idFromParam, throwAsResponse } from '../../utils/forms.server'
import { requireAgency } from '../../utils/session.server'

/** GET /agency/policies/<id>/certificate: the issued certificate (redirect to a 5-minute download link). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  const policyId = idFromParam(params.policyId, 'Policy')
  const { url } = await downloadCertificate({ actor, policyId }).catch(throwAsResponse)
  return redirect(url)
}
