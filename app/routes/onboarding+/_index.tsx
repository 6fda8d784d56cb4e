import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { pathByStatus } from '../../../domain/agencies/agencies.rules'
import { requireOnboardingAgency } from '../../utils/session.server'

/** The wizard always resumes at the step path_by_status names. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { agency } = await requireOnboardingAgency(request)
  throw redirect(pathByStatus(agency))
}
