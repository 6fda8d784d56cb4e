import type { LoaderFunctionArgs } from '@remix-run/node'
import { CITY_SEARCH_LIMIT, searchCities } from '../../../domain/reference/search-cities'
import { requireAgency } from '../../utils/session.server'
import { parseId } from '../../../domain/shared/fields'

/**
 * GET /agency/policies/cities?state_id=&q=&limit=: the cities of a state whose name starts with
 * `q`, for the wizard's city box (with JavaScript; without it the box is a text field the action
 * checks against the state). At most `limit` (default 20, at most 50).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgency(request, 'quote')
  const url = new URL(request.url)
  const stateId = parseId(url.searchParams.get('state_id'))
  if (stateId === null) return { cities: [] }
  const limit = Number.parseInt(url.searchParams.get('limit') ?? '', 10)
  const found = await searchCities({
    stateId,
    q: (url.searchParams.get('q') ?? '').slice(0, 100),
    limit: Number.isFinite(limit) ? limit : CITY_SEARCH_LIMIT,
  })
  return { cities: found.map((c) => ({ value: c.name, label: c.name })) }
}
