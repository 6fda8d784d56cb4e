import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { requireAgency } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Page not found · Agency portal' }]

/** An unknown address under /agency: a 404 shown inside the agency navigation (the layout's error boundary). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgency(request)
  throw new Response(null, { status: 404, statusText: 'Not Found' })
}

// A page, not a resource route: the layout's error boundary renders the 404 inside the navigation.
export default function NotFound() {
  return null
}
