import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { getCertificateByPolicyId } from '../../../domain/policies/get-certificate-by-policy-id'
import { idFromParam, throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'

/** GET /staff/policies/<id>/certificates/<certificateId>: a certificate (old or new) of the policy. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getCertificateByPolicyId.access)
  const policyId = idFromParam(params.policyId, 'Policy')
  const certificateId = idFromParam(params.certificateId, 'Certificate')
  const certificates = await getCertificateByPolicyId({ actor, policyId }).catch(throwAsResponse)
  const certificate = certificates.find((c) => c.id === certificateId)
  if (!certificate) throw new Response('Certificate not found', { status: 404 })
  return redirect(certificate.url)
}
