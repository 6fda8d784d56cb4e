import type { LoaderFunctionArgs } from '@remix-run/node'
import { findCitiesByState } from '../../domain/reference/find-cities'
import { requireAgency } from '../utils/session.server'
import { parseId } from '../../domain/shared/fields'

/** GET /agency/policies/cities?state_id=: the cities of a state for the address step (with JavaScript). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgency(request, 'quote')
  const stateId = parseId(new URL(request.url).searchParams.get('state_id'))
  if (stateId === null) return { cities: [] }
  const r = await findCitiesByState({ state_id: stateId, search_query: undefined, page: 1, perPage: 5000 })
  return { cities: r.items.map((c) => ({ value: String(c.id), label: c.name })) }
}
