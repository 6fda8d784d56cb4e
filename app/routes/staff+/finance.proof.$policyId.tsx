import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { getPolicyBankDocuments } from '../../../domain/finance/policy-payments/get-policy-bank-documents'
import { idFromParam, throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'

/** GET /staff/finance/proof/<policyId>: the newest payment proof of a policy, through a 5-minute URL. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getPolicyBankDocuments.access, 'staff')
  const policyId = idFromParam(params.policyId, 'Policy')
  const docs = await getPolicyBankDocuments({ actor, policyId }).catch(throwAsResponse)
  if (!docs.length) throw new Response('This policy has no payment proof', { status: 404 })
  return redirect(docs[0].url)
}
