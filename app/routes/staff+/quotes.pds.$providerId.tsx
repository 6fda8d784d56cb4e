import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { getProviderPds } from '../../../domain/quotes/get-provider-pds'
import { idFromParam, throwAsResponse } from '../../utils/forms.server'
import { requireStaff } from '../../utils/session.server'

/** Opens an insurer's product disclosure statement (any staff): a fresh 5-minute download URL. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireStaff(request)
  const providerId = idFromParam(params.providerId, 'Product disclosure statement')
  const pds = await getProviderPds({ actor, providerId }).catch(throwAsResponse)
  return redirect(pds.url)
}
