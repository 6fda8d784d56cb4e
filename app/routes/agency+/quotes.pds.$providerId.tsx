import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { getProviderPds } from '../../../domain/quotes/get-provider-pds'
import { idFromParam, throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'

/** Opens an insurer's product disclosure statement: a fresh 5-minute download URL each time. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getProviderPds.access, 'agency')
  const providerId = idFromParam(params.providerId, 'Product disclosure statement')
  const pds = await getProviderPds({ actor, providerId }).catch(throwAsResponse)
  return redirect(pds.url)
}
