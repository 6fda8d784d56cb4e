import type { LoaderFunctionArgs } from '@remix-run/node'
import { searchAgencyOptions } from '../../../domain/agencies/reads/search-agency-options'
import { requireAccess } from '../../utils/session.server'

/** GET /staff/agencies/options?q=: up to 20 agencies whose name or e-mail contains `q`, for pickers. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, searchAgencyOptions.access)
  const q = new URL(request.url).searchParams.get('q') ?? ''
  return { agencies: await searchAgencyOptions({ actor, q }) }
}
